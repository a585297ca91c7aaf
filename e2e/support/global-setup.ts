import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Names this run's seeded data directory; the first journey that needs the crawled corpus fills
 * it and the rest copy it (support/seed.ts). No relative imports here: jest loads this file
 * without its moduleNameMapper, so the support modules' `.js` specifiers would not resolve.
 */
export default async function globalSetup(): Promise<void> {
  const runDir = await mkdtemp(path.join(tmpdir(), 'blogstream-e2e-run-'));
  process.env.BLOGSTREAM_E2E_SEED_DIR = path.join(runDir, 'seeded-data');
}
