import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { endpointRoutesSource } from '../../scripts/endpoint-routes-source';

test('the committed endpoint-routes.generated.ts is what the endpoint declarations generate (npm run generate -w shared)', () => {
  const committed = readFileSync(join(__dirname, 'endpoint-routes.generated.ts'), 'utf8');
  expect(committed).toBe(endpointRoutesSource());
});
