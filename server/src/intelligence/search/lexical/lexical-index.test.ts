import { openTestDatabase, type TestDatabase } from '../../../testing/accounts-harness.js';
import {
  addArticles,
  addSources,
  article,
  sourceEntry,
} from '../../../testing/content-fixtures.js';
import { SEARCH_TUNING } from '../search-weights.js';
import { LexicalIndex } from './lexical-index.js';
import { queryWords } from './search-terms.js';

let database: TestDatabase;
let sourceId: number;

beforeAll(async () => {
  database = await openTestDatabase('embedded');
  sourceId = (await addSources(database.db, [sourceEntry('lex', 'Lex Weekly', [])])).get('lex')!;
  await addArticles(database.db, sourceId, [
    article('lex.example', 'Kafka consumer groups', 1),
    article('lex.example', 'Postgres vacuum explained', 2),
  ]);
});

afterAll(() => database?.close());

const found = (index: LexicalIndex, query: string) =>
  index.search(queryWords(query), SEARCH_TUNING.lexical, 10).map((hit) => hit.id);

async function idOf(title: string): Promise<number> {
  const { rows } = await database.db.query<{ post_id: number }>(
    'SELECT post_id FROM articles WHERE title = $1',
    [title],
  );
  return Number(rows[0]!.post_id);
}

test('follows the articles table: new, changed and deleted articles, and its source names', async () => {
  const index = new LexicalIndex(database.db);
  await index.refresh();
  expect(index.count).toBe(2);
  expect(found(index, 'kafka')).toEqual([await idOf('Kafka consumer groups')]);
  expect(found(index, 'lex weekly')).toHaveLength(2);

  // Another process stores an article, and changes one (a page visit fills its text).
  await addArticles(database.db, sourceId, [article('lex.example', 'Tracing with eBPF', 3)]);
  const vacuum = await idOf('Postgres vacuum explained');
  await database.db.query(
    `UPDATE articles SET content = 'Autovacuum thresholds and bloat.', updated_at = now()
      WHERE post_id = $1`,
    [vacuum],
  );
  const before = index.version;
  await index.refresh();
  expect(index.version).toBeGreaterThan(before);
  expect(found(index, 'ebpf')).toEqual([await idOf('Tracing with eBPF')]);
  expect(found(index, 'autovacuum bloat')).toEqual([vacuum]);

  // And deletes one.
  await database.db.query('DELETE FROM articles WHERE post_id = $1', [vacuum]);
  await index.refresh();
  expect(index.count).toBe(2);
  expect(found(index, 'vacuum')).toEqual([]);

  // Nothing changed: nothing is indexed again.
  const settled = index.version;
  await index.refresh();
  expect(index.version).toBe(settled);
});

test('an article stored after the last refresh is found by the very next search', async () => {
  const index = new LexicalIndex(database.db);
  await index.ready();
  expect(found(index, 'flamegraphs')).toEqual([]);

  await addArticles(database.db, sourceId, [article('lex.example', 'Reading flamegraphs', 4)]);
  await index.ready();

  expect(found(index, 'flamegraphs')).toEqual([await idOf('Reading flamegraphs')]);
});
