import { rm } from 'node:fs/promises';
import path from 'node:path';

/** Removes the run's seeded data directory (see global-setup.ts). */
export default async function globalTeardown(): Promise<void> {
  const seedDir = process.env.BLOGSTREAM_E2E_SEED_DIR;
  if (seedDir) await rm(path.dirname(seedDir), { recursive: true, force: true });
}
