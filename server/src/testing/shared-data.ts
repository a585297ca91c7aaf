import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { repoRoot } from '../paths.js';

/** The shared test data (../shared/data: real blogs, feeds, OPML), read in place, never copied. */
export function sharedDataFile(...path: string[]): string {
  const file = resolve(
    repoRoot,
    process.env.SHARED_DATA_DIR ?? join('..', 'shared', 'data'),
    ...path,
  );
  if (!existsSync(file))
    throw new Error(`The shared test data is missing: ${file} (set SHARED_DATA_DIR)`);
  return file;
}
