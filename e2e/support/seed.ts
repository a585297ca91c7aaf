import { mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { startFeedServer, writeCorpusOpml, type FreshPost } from './corpus.js';
import { startSite, type RunningSite } from './site.js';

/**
 * A site with real articles starts without the shipped catalogue: its 519 sources live on the
 * internet, which this machine cannot reach, and they would crowd the corpus out of every list.
 */
export const seededSiteEnv = { CATALOGUE_SEED: '0' } as const;

/**
 * The crawler may fetch 127.0.0.1 (tests only), and need not space out requests to it. The
 * corpus's article pages are on the internet, which this machine cannot reach: no page visits.
 */
const crawlEnv = {
  FEED_ALLOW_PRIVATE: '1',
  FEED_HOST_INTERVAL_MS: '0',
  CRAWL_PAGE_VISITS: '0',
  LOG_LEVEL: 'info',
};

/** Where global-setup.ts names the run's seeded data directory. */
const SEED_DIR_VARIABLE = 'BLOGSTREAM_E2E_SEED_DIR';

export interface SeedReport {
  dataDir: string;
  /** Where the seed crawl found the feeds; a later crawl must find them there again. */
  feedServerPort: number;
  sources: number;
  crawl: string;
  seconds: number;
}

/**
 * Builds a data directory holding the crawled corpus, as an operator's site holds it: starts the
 * site once, imports an OPML listing the 69 corpus feeds (served from 127.0.0.1), crawls them and
 * embeds every article (`admin import-opml`, `admin crawl`, `admin embed`), then starts it once
 * more, which builds its search indexes from every article and saves them beside the database.
 * Each journey's site copies the directory and restores them, instead of embedding the corpus and
 * building its indexes again (about 40 s of a core per site).
 */
export async function seedCorpusDataDir(): Promise<SeedReport> {
  const started = Date.now();
  const feeds = await startFeedServer();
  const work = await mkdtemp(path.join(tmpdir(), 'blogstream-e2e-opml-'));
  let crawled: RunningSite | undefined;
  let indexed: RunningSite | undefined;
  try {
    const opml = path.join(work, 'corpus.opml');
    const sources = await writeCorpusOpml(feeds.url, opml);
    crawled = await startSite({ ...seededSiteEnv }, { keepDataDir: true });
    const imported = await crawled.admin(['import-opml', opml]);
    if (!imported.includes(`${sources} sources added`)) {
      throw new Error(`The corpus OPML was not imported whole:\n${imported}`);
    }
    const crawl = await crawled.admin(['crawl'], crawlEnv);
    const embedded = await crawled.admin(['embed']);
    await crawled.stop();
    // Started once it is ready: its search indexes built from every article; saved at stop.
    indexed = await startSite(
      { ...seededSiteEnv },
      { copyDataDirFrom: crawled.dataDir, keepDataDir: true },
    );
    await indexed.stop();
    return {
      dataDir: indexed.dataDir,
      feedServerPort: Number(new URL(feeds.url).port),
      sources,
      crawl: `${crawl.trim()}\n${embedded.trim()}`,
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    await crawled?.stop();
    await indexed?.stop();
    if (crawled) await rm(crawled.dataDir, { recursive: true, force: true });
    await feeds.close();
    await rm(work, { recursive: true, force: true });
  }
}

/** The run's seeded data directory, as global-setup.ts names it. */
function seedDirOfRun(): string {
  const seedDir = process.env[SEED_DIR_VARIABLE];
  if (!seedDir) throw new Error(`${SEED_DIR_VARIABLE} is unset: run the tests through jest`);
  return seedDir;
}

/** Long enough for the seed crawl, which holds the lock while the other workers wait. */
const RUN_LOCK_WAIT = { retries: 600, factor: 1, minTimeout: 500, maxTimeout: 500 };

/**
 * Runs `task` while no other jest worker of this run holds the lock `name`: the journey files
 * run in two workers at once (decision 0039), and the seed crawl and the corpus's feed server
 * are one per run.
 */
async function underRunLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const runDir = path.dirname(seedDirOfRun());
  const release = await lockfile.lock(runDir, {
    lockfilePath: path.join(runDir, `${name}.lock`),
    retries: RUN_LOCK_WAIT,
  });
  try {
    return await task();
  } finally {
    await release();
  }
}

/**
 * The run's seeded data directory: crawled by the first journey that asks for it, then reused
 * by every journey of every worker.
 */
export async function runSeedDir(): Promise<string> {
  const seedDir = seedDirOfRun();
  const marker = path.join(seedDir, '.e2e-seeded.json');
  return underRunLock('seed', async () => {
    if (await stat(marker).catch(() => undefined)) return seedDir;
    const report = await seedCorpusDataDir();
    await rm(seedDir, { recursive: true, force: true });
    await rename(report.dataDir, seedDir);
    await writeFile(marker, JSON.stringify(report, null, 2));
    console.info(
      `e2e corpus: ${report.sources} feeds imported and crawled in ${report.seconds.toFixed(1)} s\n${report.crawl}`,
    );
    return seedDir;
  });
}

/** The run's seed report (after runSeedDir). */
export async function runSeedReport(): Promise<SeedReport> {
  const seedDir = await runSeedDir();
  return JSON.parse(await readFile(path.join(seedDir, '.e2e-seeded.json'), 'utf8')) as SeedReport;
}

/**
 * Blogs publish: serves the corpus again where the seed crawl found it, with `freshPosts` on top,
 * and runs the operator's crawl over every source of `site` (`admin crawl --all`).
 */
export async function crawlFreshPosts(
  site: RunningSite,
  freshPosts: Record<string, FreshPost>,
): Promise<string> {
  const { feedServerPort } = await runSeedReport();
  // The sources' feed addresses name that one port: one worker's crawl at a time.
  return underRunLock('feed-server', async () => {
    const feeds = await startFeedServer({ port: feedServerPort, freshPosts });
    try {
      return await site.admin(['crawl', '--all'], crawlEnv);
    } finally {
      await feeds.close();
    }
  });
}

/** How long a journey's beforeAll may take when it is the one that seeds the run. */
export const SEEDING_TIMEOUT_MS = 300_000;

/** A site of its own (fresh copy of the run's seeded data) with the crawled corpus in it. */
export async function startSeededSite(env: Record<string, string> = {}): Promise<RunningSite> {
  return startSite({ ...seededSiteEnv, ...env }, { copyDataDirFrom: await runSeedDir() });
}
