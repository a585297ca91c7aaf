import { buildApp } from '../app.js';
import { fakeBuilds } from '../testing/fake-builds.js';
import { serve, type ServedApp } from '../testing/serve.js';
import { testConfig } from '../testing/test-config.js';
import { unusedDb } from '../testing/unused-db.js';

let app: ServedApp;

beforeAll(async () => {
  app = await serve(
    await buildApp({
      config: testConfig({
        LOG_LEVEL: 'silent',
        PUBLIC_DIR: fakeBuilds([]),
        PUBLIC_URL: 'https://blogs.example',
        SITE_NAME: 'Blogstream',
      }),
      db: unusedDb,
    }),
  );
});

afterAll(() => app.close());

/** The links of a Markdown list under `## heading`. */
function linksUnder(text: string, heading: string): string[] {
  const section = text.split(/^## /m).find((part) => part.startsWith(`${heading}\n`)) ?? '';
  return [...section.matchAll(/^- \[[^\]]+\]\(([^)]+)\)/gm)].map(([, url]) => url!);
}

test('/llms.txt describes the site, its API, its MCP server and its pages in the llms.txt format', async () => {
  const response = await app.fetch('/llms.txt');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/markdown/);
  const text = await response.text();

  const lines = text.split('\n');
  expect(lines[0]).toBe('# Blogstream');
  expect(lines[2]).toMatch(/^> A reader for engineering blogs/);
  expect(linksUnder(text, 'API')).toEqual(
    expect.arrayContaining([
      'https://blogs.example/docs/api',
      'https://blogs.example/api/openapi.json',
      'https://blogs.example/api/ask',
    ]),
  );
  expect(linksUnder(text, 'MCP')).toEqual(['https://blogs.example/mcp']);
  expect(linksUnder(text, 'Pages')).toContain('https://blogs.example/');
});

test('every page and document /llms.txt links to is served', async () => {
  const text = await (await app.fetch('/llms.txt')).text();
  for (const url of linksUnder(text, 'Pages')) {
    const { pathname, search } = new URL(url);
    expect([url, (await app.fetch(`${pathname}${search}`)).status]).toEqual([url, 200]);
  }
  expect((await app.fetch('/api/openapi.json')).status).toBe(200);
});
