import { buildApp } from '../../app.js';
import { serve } from '../../testing/serve.js';
import { testConfig } from '../../testing/test-config.js';
import { unusedDb } from '../../testing/unused-db.js';

test('a caller without a session is told nobody is signed in, with a 200 and an empty user', async () => {
  const app = await serve(await buildApp({ config: testConfig(), db: unusedDb }));
  try {
    const response = await app.fetch('/api/check_logged_in');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
  } finally {
    await app.close();
  }
});
