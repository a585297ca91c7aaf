import { once } from 'node:events';
import Fastify from 'fastify';
import type { App } from '../http/app-type.js';
import { markFileEnded } from './file-end.js';
import { serve } from './serve.js';
import { openTestDatabase } from './test-database.js';

// A set-up hook that timed out opens these after its file's afterAll hooks ran (Jest calls
// markFileEnded first among them): left open, they would keep the test process from exiting.
test('a database or a served app the harness opens after its test file ended is closed at once', async () => {
  markFileEnded();

  const database = await openTestDatabase('embedded');
  await expect(database.db.query('SELECT 1')).rejects.toThrow();

  const app = Fastify() as unknown as App;
  await serve(app);
  if (app.server.listening) await once(app.server, 'close');
  expect(app.server.listening).toBe(false);
});
