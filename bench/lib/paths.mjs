import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The shared data next to the repository (../shared/data), or SHARED_DATA_DIR. */
export const sharedData = resolve(repoRoot, process.env.SHARED_DATA_DIR ?? '../shared/data');

/** Throws unless the server is built (benches and drills run server/dist). */
export function requireBuiltServer() {
  for (const file of ['server/dist/main.js', 'server/dist/admin.js']) {
    if (!existsSync(resolve(repoRoot, file))) {
      throw new Error(`${file} is missing: run npm run build -w shared && npm run build -w server`);
    }
  }
}

/** Throws unless the server is built and the shared data is there. */
export function requireBuilt() {
  requireBuiltServer();
  if (!existsSync(sharedData)) throw new Error(`No shared data at ${sharedData} (SHARED_DATA_DIR)`);
}
