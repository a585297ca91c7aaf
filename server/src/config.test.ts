import { join } from 'node:path';
import { loadConfig } from './config.js';
import { repoRoot } from './paths.js';
import { problemsOf } from './testing/test-config.js';

test('defaults run everything in one process on port 3000 with data and builds inside the repo', () => {
  const config = loadConfig({});

  expect(config).toMatchObject({
    port: 3000,
    host: '0.0.0.0',
    dataDir: join(repoRoot, 'data'),
    databaseUrl: undefined,
    adminDbPort: 0,
    role: 'all',
    logLevel: 'info',
    bodyLimitBytes: 1024 * 1024,
  });
  expect(config.frontEnd.shellDir).toBe(join(repoRoot, 'shell', 'dist'));
  expect(config.frontEnd.remotes.mfe_feed).toEqual({
    dir: join(repoRoot, 'mfe-feed', 'dist'),
    baseUrl: '/mfe/mfe-feed/',
  });
});

test('PUBLIC_DIR holds every build side by side', () => {
  const { frontEnd } = loadConfig({ PUBLIC_DIR: '/srv/blogstream' });

  expect(frontEnd.shellDir).toBe('/srv/blogstream/shell');
  expect(frontEnd.remotes.mfe_static.dir).toBe('/srv/blogstream/mfe-static');
});

test('relative paths are taken from the repo root, wherever the process starts', () => {
  const config = loadConfig({ DATA_DIR: 'var/data', PUBLIC_DIR: 'public' });

  expect(config.dataDir).toBe(join(repoRoot, 'var', 'data'));
  expect(config.frontEnd.shellDir).toBe(join(repoRoot, 'public', 'shell'));
});

test('a remote URL override becomes a base URL ending with a slash', () => {
  const { frontEnd } = loadConfig({ MFE_ACCOUNT_URL: 'https://cdn.example/mfe-account' });

  expect(frontEnd.remotes.mfe_account.baseUrl).toBe('https://cdn.example/mfe-account/');
  expect(frontEnd.remotes.mfe_feed.baseUrl).toBe('/mfe/mfe-feed/');
});

test('empty variables fall back to their defaults', () => {
  const config = loadConfig({ PORT: '', DATABASE_URL: '', ROLE: '' });

  expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, role: 'all' });
});

test('numbers and choices are read from their text', () => {
  const config = loadConfig({ PORT: '8080', BODY_LIMIT_BYTES: '2048', ROLE: 'worker' });

  expect(config).toMatchObject({ port: 8080, bodyLimitBytes: 2048, role: 'worker' });
});

test('every bad variable is named in one error', () => {
  const problems = problemsOf({
    PORT: 'eighty',
    ROLE: 'boss',
    LOG_LEVEL: 'loud',
    BODY_LIMIT_BYTES: '-1',
    MFE_FEED_URL: 'ftp://cdn.example/feed/',
    DATABASE_URL: 'mysql://user:secret@db/blogstream',
  });

  const variables = problems.map((problem) => problem.split(':')[0]);
  expect(variables.sort()).toEqual(
    ['BODY_LIMIT_BYTES', 'DATABASE_URL', 'LOG_LEVEL', 'MFE_FEED_URL', 'PORT', 'ROLE'].sort(),
  );
});

test('the error message lists the problems without echoing secrets', () => {
  expect(() => loadConfig({ DATABASE_URL: 'mysql://user:secret@db/blogstream' })).toThrow(
    /Invalid configuration:\n {2}- DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL$/,
  );
});
