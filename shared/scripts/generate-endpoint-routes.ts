// `npm run generate -w shared`: writes src/contract/endpoint-routes.generated.ts from the endpoint
// declarations (run by the build; decision 0018).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { endpointRoutesSource } from './endpoint-routes-source.js';

const GENERATED_FILE = fileURLToPath(
  new URL('../src/contract/endpoint-routes.generated.ts', import.meta.url),
);

const source = endpointRoutesSource();
const committed = existsSync(GENERATED_FILE) ? readFileSync(GENERATED_FILE, 'utf8') : '';
if (committed !== source) {
  writeFileSync(GENERATED_FILE, source);
  console.info(`Wrote ${GENERATED_FILE}`);
}
