import { topPageViews, countedPath } from '../../db/page-views.js';
import {
  accountsTestConfig,
  openTestDatabase,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from '../../testing/accounts-harness.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase('embedded');
});
afterAll(async () => {
  await database.close();
});

async function start(analytics: 'on' | 'off'): Promise<TestServer> {
  return startTestServer(database.db, accountsTestConfig({ env: { ANALYTICS: analytics } }));
}

describe('the page-view counter', () => {
  it('is off by default: public config says so and the call does not exist', async () => {
    const server = await start('off');
    try {
      const client = await server.client();
      expect(await (await client.get('/api/public_config')).json()).toMatchObject({
        analyticsEnabled: false,
      });
      expect((await client.post('/api/analytics/page_view', { path: '/' })).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('counts route changes by day and path, keeping query strings and secrets out', async () => {
    const server = await start('on');
    try {
      const client = await server.client();
      expect(await (await client.get('/api/public_config')).json()).toMatchObject({
        analyticsEnabled: true,
      });
      for (const path of [
        '/',
        '/',
        '/search?searchQuery=private',
        '/reset-password/s3cret',
        '/nope',
      ]) {
        const response = await client.post('/api/analytics/page_view', { path });
        expect(response.status).toBe(200);
      }
      expect(await topPageViews(database.db, 1)).toEqual([
        { path: '/', views: 2 },
        { path: '(other)', views: 1 },
        { path: '/reset-password/:token', views: 1 },
        { path: '/search', views: 1 },
      ]);
    } finally {
      await server.close();
    }
  });

  it('refuses a path that is not a path', async () => {
    const server = await start('on');
    try {
      const client = await server.client();
      const response = await client.post('/api/analytics/page_view', {
        path: 'https://evil.example',
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ reason: 'VALIDATION_FAILED' });
    } finally {
      await server.close();
    }
  });
});

test('counted paths drop query strings and secret parameters', () => {
  expect(countedPath('/topic/Security?x=1')).toBe('/topic/Security');
  expect(countedPath('/collection/12')).toBe('/collection/:collectionId');
});
