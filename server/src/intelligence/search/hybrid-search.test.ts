import { openTestDatabase, type TestDatabase } from '../../testing/accounts-harness.js';
import { addArticles, addSources, article, sourceEntry } from '../../testing/content-fixtures.js';
import { hybridRanking } from './hybrid-search.js';
import { LexicalIndex } from './lexical/lexical-index.js';
import { SEARCH_TUNING } from './search-weights.js';

let database: TestDatabase;
let lexical: LexicalIndex;

const SHUTDOWN = 'When a government switched off a nation';

beforeAll(async () => {
  database = await openTestDatabase('embedded');
  const sourceId = (await addSources(database.db, [sourceEntry('net', 'Net', [])])).get('net')!;
  // Each word of the question below is in one article: the answer shares one word of four.
  await addArticles(database.db, sourceId, [
    article('net.example', SHUTDOWN, 1, {
      description: 'A nationwide shutdown: the internet went dark by order, and stayed dark.',
    }),
    article('net.example', 'A country road in spring', 2, { description: 'Hedges and lanes.' }),
    article('net.example', 'How not to lose your keys', 3, { description: 'Hooks by the door.' }),
    article('net.example', 'Bread that rises overnight', 4, { description: 'Slow dough.' }),
  ]);
  lexical = new LexicalIndex(database.db);
  await lexical.refresh();
});

afterAll(() => database?.close());

async function titlesFound(query: string): Promise<string[]> {
  const ids = await hybridRanking({ lexical, semantic: null }, SEARCH_TUNING, query, 1e9);
  const { rows } = await database.db.query<{ title: string }>(
    'SELECT title FROM articles WHERE post_id = ANY($1::bigint[])',
    [ids],
  );
  return rows.map((row) => row.title);
}

test('a question finds the article that shares fewer of its words than a keyword query needs', async () => {
  expect(await titlesFound('why did a country lose internet overnight?')).toContain(SHUTDOWN);
  expect(await titlesFound('country lose internet overnight')).not.toContain(SHUTDOWN);
});
