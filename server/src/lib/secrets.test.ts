import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { makeTempDir } from '../testing/test-config.js';
import { deriveAccountKeys, secretFromDataDir } from './secrets.js';

test('a secret is generated once in DATA_DIR, readable by its owner only, and reused', async () => {
  const dataDir = join(makeTempDir('secrets'), 'data');
  const first = await secretFromDataDir(dataDir);
  expect(first).toMatch(/^[0-9a-f]{64}$/);
  expect(await secretFromDataDir(dataDir)).toBe(first);
  expect((await stat(join(dataDir, 'session-secret'))).mode & 0o777).toBe(0o600);
});

test('each purpose gets its own key, stable for a given secret', () => {
  const keys = deriveAccountKeys('x'.repeat(32));
  expect(keys.xsrf.equals(deriveAccountKeys('x'.repeat(32)).xsrf)).toBe(true);
  expect(new Set([keys.xsrf.toString('hex'), keys.altchaChallenge, keys.altchaKey]).size).toBe(3);
  expect(deriveAccountKeys('y'.repeat(32)).altchaKey).not.toBe(keys.altchaKey);
});
