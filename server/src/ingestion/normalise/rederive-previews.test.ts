import { consoleLog } from '../../lib/log.js';
import { openTestDatabase, type TestDatabase } from '../../testing/accounts-harness.js';
import { addArticles, addSources, article, sourceEntry } from '../../testing/content-fixtures.js';
import { rederiveStoredPreviews } from './rederive-previews.js';

let database: TestDatabase;
const quiet = consoleLog('silent');

const prose =
  'As part of moving our compute platform to Kubernetes, we leaned on node pools sized by workload.';

beforeAll(async () => {
  database = await openTestDatabase('embedded');
});

afterAll(async () => {
  await database?.close();
});

test('previews stored before the chrome rules lose their byline and share bar, once', async () => {
  const { db } = database;
  const sourceId = (await addSources(db, [sourceEntry('old', 'Old', [])])).get('old')!;
  await addArticles(db, sourceId, [
    article('old.example', 'Kubernetes node pools', 2, {
      description: `By Alvin Bao, Alex Petrov and Jennifer Lai ${prose}`,
    }),
    article('old.example', 'Kubernetes at scale', 1, {
      description: 'Press enter or click to view image in full size',
      content: `Listen\nShare\n${prose}`,
    }),
    article('old.example', 'Already clean', 3, { description: prose }),
  ]);

  expect(await rederiveStoredPreviews(db, quiet)).toBe(2);
  const { rows } = await db.query<{ description: string }>(
    'SELECT description FROM articles ORDER BY post_id',
  );
  expect(rows.map((row) => row.description)).toEqual([prose, prose, prose]);

  // The rules' version is recorded: the next start or crawl reads nothing again.
  expect(await rederiveStoredPreviews(db, quiet)).toBe(0);
});
