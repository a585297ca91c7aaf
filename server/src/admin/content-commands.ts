import { readFile } from 'node:fs/promises';
import { importOpml } from '../ingestion/catalogue/opml-import.js';
import { seedCatalogue } from '../ingestion/catalogue/seed-catalogue.js';
import { markAllDue, sourceCrawlStatuses, type SourceCrawlStatus } from '../db/crawl-state.js';
import { crawlFetcher, crawlOnce } from '../jobs/content-jobs.js';
import { adminLog, AdminCommandError, type AdminCommand } from './admin-command.js';

function when(date: Date | null): string {
  return date ? new Date(date).toISOString().slice(0, 16).replace('T', ' ') : '-';
}

function statusLine(source: SourceCrawlStatus): string {
  const status =
    source.last_status === 'error' ? `error ${source.last_error_code}` : source.last_status;
  return [
    source.url_name.padEnd(36),
    when(source.last_fetched_at).padEnd(17),
    (status ?? 'never').padEnd(24),
    String(source.error_count).padStart(6),
    `  ${when(source.next_due_at).padEnd(17)}`,
    String(source.articles).padStart(9),
  ].join(' ');
}

export const contentCommands: Record<string, AdminCommand> = {
  'seed-catalogue': {
    summary: 'Upsert the shipped source catalogue (the server also does this at start)',
    run: async (db) => {
      const { inserted, updated, copiesRemoved } = await seedCatalogue(db);
      console.info(
        `Catalogue: ${inserted} sources added, ${updated} updated, ` +
          `${copiesRemoved} imported copies removed.`,
      );
    },
  },
  'import-opml': {
    summary: 'Add the feeds of an OPML file as sources: import-opml FILE',
    run: async (db, [file]) => {
      if (!file) throw new AdminCommandError('Name the OPML file: import-opml FILE');
      const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
        throw new AdminCommandError(`Cannot read ${file}: ${error.code ?? error.message}`);
      });
      const report = await importOpml(db, text).catch((error: Error) => {
        throw new AdminCommandError(`${file} is not a readable OPML file: ${error.message}`);
      });
      console.info(
        `Imported ${file}: ${report.added} sources added, ${report.alreadyKnown} already known, ` +
          `${report.invalid} without a usable feed URL.`,
      );
    },
  },
  crawl: {
    summary: 'Crawl every due source once and print the counts (--all: every source)',
    run: async (db, args, config) => {
      if (args.includes('--all')) await markAllDue(db);
      const fetcher = crawlFetcher(config.crawl);
      try {
        // The summary line is the output; per-feed detail with LOG_LEVEL=debug.
        await crawlOnce(db, fetcher, config, 'admin', adminLog(config));
      } finally {
        await fetcher.close();
      }
    },
  },
  'crawl-status': {
    summary: 'Show each source: last fetch, status, error count, next due, articles',
    run: async (db) => {
      const sources = await sourceCrawlStatuses(db);
      console.info(
        `${'source'.padEnd(36)} ${'last fetch (UTC)'.padEnd(17)} ${'status'.padEnd(24)} ` +
          `errors  ${'next due (UTC)'.padEnd(17)}  articles`,
      );
      for (const source of sources) console.info(statusLine(source));
      const failing = sources.filter((source) => source.last_status === 'error').length;
      console.info(`${sources.length} sources, ${failing} failing.`);
    },
  },
};
