import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from '../app.js';
import { fakeBuilds } from '../testing/fake-builds.js';
import { serve, type ServedApp } from '../testing/serve.js';
import { testConfig } from '../testing/test-config.js';
import { unusedDb } from '../testing/unused-db.js';

let app: ServedApp;

beforeAll(async () => {
  const publicDir = fakeBuilds([]);
  writeFileSync(join(publicDir, 'shell/sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(publicDir, 'shell/manifest.webmanifest'), '{"name":"Blogstream"}');
  writeFileSync(join(publicDir, 'shell/icon-192.png'), 'png');
  app = await serve(
    await buildApp({
      config: testConfig({ LOG_LEVEL: 'warn', PUBLIC_DIR: publicDir }),
      db: unusedDb,
    }),
  );
});

afterAll(() => app.close());

test('the service worker is served revalidated, allowed to control the whole site', async () => {
  const response = await app.fetch('/sw.js');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^(?:application|text)\/javascript/);
  expect(response.headers.get('cache-control')).toBe('no-cache');
  expect(response.headers.get('service-worker-allowed')).toBe('/');
});

test('the web app manifest and its icons are served with their content types', async () => {
  const manifest = await app.fetch('/manifest.webmanifest');
  expect(manifest.status).toBe(200);
  expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
  expect(await manifest.json()).toEqual({ name: 'Blogstream' });

  const icon = await app.fetch('/icon-192.png');
  expect(icon.status).toBe(200);
  expect(icon.headers.get('content-type')).toBe('image/png');
  // Only the worker may claim the whole site.
  expect(icon.headers.get('service-worker-allowed')).toBeNull();
});
