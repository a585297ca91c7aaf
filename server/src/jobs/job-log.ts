import type { LogLevel } from '../config.js';
import type { CrawlLog } from '../ingestion/crawl/crawl-run.js';

const SEVERITY: Record<LogLevel, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Infinity,
};

/**
 * Background jobs log plain lines to the console at LOG_LEVEL: one line per crawl run at info,
 * per-feed detail at debug, and stack traces only for failures that are bugs.
 */
export function consoleJobLog(level: LogLevel): CrawlLog {
  const enabled = (wanted: LogLevel) => SEVERITY[wanted] >= SEVERITY[level];
  return {
    info: (message) => {
      if (enabled('info')) console.info(message);
    },
    debug: (message) => {
      if (enabled('debug')) console.info(message);
    },
    error: (message, error) => {
      if (enabled('error')) console.error(message, error);
    },
  };
}
