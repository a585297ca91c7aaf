import { format } from 'node:util';
import { withoutSecrets } from './redact-secrets.js';

/**
 * The one logger every room writes to: Fastify's (pino's) in the web process, `consoleLog` in the
 * worker's jobs and the admin commands. The arguments are pino's: details first (an error as
 * `err`), then the message.
 */
export interface Log {
  debug(details: object, message: string): void;
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const SEVERITY: Record<LogLevel, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Infinity,
};

const hasDetails = (details: object) => Object.keys(details).length > 0;

/** The line as `console` would format it, without secrets (./redact-secrets.ts). */
const line = (...parts: unknown[]) => withoutSecrets(format(...parts));

/**
 * Plain lines on the console at `level`, as background jobs and admin commands write them: the
 * message alone at debug and info, with its details at warn, with its error (`err`, else its
 * details) at error. `silent` writes nothing.
 */
export function consoleLog(level: LogLevel): Log {
  const enabled = (wanted: LogLevel) => SEVERITY[wanted] >= SEVERITY[level];
  return {
    debug: (_details, message) => {
      if (enabled('debug')) console.info(line(message));
    },
    info: (_details, message) => {
      if (enabled('info')) console.info(line(message));
    },
    warn: (details, message) => {
      if (!enabled('warn')) return;
      if (hasDetails(details)) console.warn(line(message, details));
      else console.warn(line(message));
    },
    error: (details, message) => {
      if (!enabled('error')) return;
      if ('err' in details) console.error(line(message, details.err));
      else if (hasDetails(details)) console.error(line(message, details));
      else console.error(line(message));
    },
  };
}
