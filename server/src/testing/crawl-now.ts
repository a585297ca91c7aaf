import { markAllDue } from '../db/crawl-state.js';
import type { Db } from '../db/db.js';
import { runCrawl } from '../ingestion/crawl/crawl-run.js';
import { Fetcher } from '../ingestion/fetch/fetcher.js';
import { consoleLog } from '../lib/log.js';
import { makeTempDir } from './test-config.js';

/**
 * One crawl of every source, due or not, as the worker runs it, against local feed servers
 * (private addresses allowed).
 */
export async function crawlNow(db: Db): Promise<void> {
  await markAllDue(db);
  const fetcher = new Fetcher({
    userAgent: 'blogstream-test',
    timeoutMs: 10_000,
    maxBytes: 20_000_000,
    allowPrivate: true,
  });
  try {
    await runCrawl(
      db,
      fetcher,
      {
        trigger: 'admin',
        concurrency: 2,
        refreshSeconds: 3600,
        hostIntervalMs: 0,
        timeoutMs: 10_000,
        logoDir: makeTempDir('logos'),
      },
      consoleLog('silent'),
    );
  } finally {
    await fetcher.close();
  }
}
