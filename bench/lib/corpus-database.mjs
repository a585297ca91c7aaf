import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { corpusFeeds } from './corpus-feeds.mjs';
import { opml, serveFeeds } from './feed-server.mjs';
import {
  admin,
  benchEnv,
  parseCrawlSummary,
  preparedDataDir,
  temporaryDataDir,
} from './server-process.mjs';

/**
 * A data directory holding the whole shared corpus (articles.jsonl), crawled through the product's
 * own crawler from a local feed server and embedded by `admin embed` (unless `embed` is false:
 * search then ranks by its lexical index alone). Resolves with the data dir, the crawl summary,
 * the embed output and a function removing the directory.
 */
export async function corpusDatabase(name, extraEnv = {}, { embed = true } = {}) {
  const served = await serveFeeds(corpusFeeds());
  const dataDir = await preparedDataDir(name);
  const env = benchEnv(dataDir, extraEnv);
  try {
    const opmlFile = join(dataDir, 'feeds.opml');
    writeFileSync(opmlFile, opml(served.urls));
    await admin(['import-opml', opmlFile], env);
    const crawl = parseCrawlSummary(await admin(['crawl'], { ...env, LOG_LEVEL: 'info' }));
    const started = performance.now();
    const embedOutput = embed ? await admin(['embed'], { ...env, LOG_LEVEL: 'info' }) : '';
    const embedSeconds = (performance.now() - started) / 1000;
    return {
      dataDir,
      env,
      crawl,
      embedOutput,
      embedSeconds,
      remove: () => rmSync(dataDir, { recursive: true, force: true }),
    };
  } finally {
    await served.close();
  }
}

/** A private copy of an already crawled (and embedded) data directory, removed by `remove`. */
export function copiedCorpus(name, source) {
  const dataDir = temporaryDataDir(name);
  cpSync(source, dataDir, { recursive: true });
  return {
    dataDir,
    env: benchEnv(dataDir),
    crawl: { feeds: 'prepared' },
    embedOutput: '',
    remove: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/**
 * The shared corpus for one bench: a private copy of BENCH_CORPUS_DIR (crawled and embedded once
 * by `node corpus.mjs`) when it is set, otherwise crawled here (corpusDatabase, with `options`).
 */
export async function sharedCorpus(name, options = {}) {
  const prepared = process.env.BENCH_CORPUS_DIR;
  return prepared ? copiedCorpus(name, prepared) : corpusDatabase(name, {}, options);
}
