import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config.js';

export function makeTempDir(prefix: string): string {
  const root = process.env.BLOGSTREAM_TEST_TMP ?? tmpdir();
  return mkdtempSync(join(root, `${prefix}-`));
}

/** One model cache for the whole run, so the offline model derives its files once. */
export function testModelCacheDir(): string {
  return join(process.env.BLOGSTREAM_TEST_TMP ?? tmpdir(), 'models');
}

/**
 * A configuration isolated from the machine: silent logs, a fixed session secret (so nothing is
 * written to the repo's DATA_DIR), a shared model cache, no visits of article pages (their links
 * lead to the internet; tests that serve pages turn them on) and, unless `env` says otherwise,
 * a PUBLIC_DIR with nothing built in it, and the offline word model alone (the sentence model
 * reads some tens of texts a second: tests of meaning ask for it; decision 0030).
 */
export function testConfig(env: NodeJS.ProcessEnv = {}): Config {
  return loadConfig({
    LOG_LEVEL: 'silent',
    MODEL_CACHE_DIR: testModelCacheDir(),
    PUBLIC_DIR: makeTempDir('public'),
    SESSION_SECRET: 'test-session-secret-of-at-least-32-characters',
    CRAWL_PAGE_VISITS: '0',
    EMBEDDINGS_OFFLINE_MODEL: 'words',
    ...env,
  });
}

/** The problems loadConfig finds in `env`; fails the test when it finds none. */
export function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}
