import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

/** The server package folder, found from this file so it works from src/ (tests) and dist/. */
export const serverPackageDir = fileURLToPath(new URL('..', import.meta.url));
export const repoRoot = resolve(serverPackageDir, '..');
