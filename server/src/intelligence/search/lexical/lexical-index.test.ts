import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openTestDatabase, type TestDatabase } from '../../../testing/accounts-harness.js';
import {
  addArticles,
  addSources,
  article,
  sourceEntry,
} from '../../../testing/content-fixtures.js';
import { SEARCH_TUNING } from '../search-weights.js';
import { LexicalIndex, type LexicalIndexOptions } from './lexical-index.js';
import { queryWords } from './search-terms.js';
import { passageOf } from '../../ask/passages.js';

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

/** The articles of the passages found, each once, best first. */
const foundInPassages = (index: LexicalIndex, query: string) => [
  ...new Set(
    index
      .searchPassages(queryWords(query), SEARCH_TUNING.lexical, 10)
      .map((hit) => passageOf(hit.id).postId),
  ),
];

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

test('keeps the passages of the articles: a changed text replaces them, a deleted article takes them along', async () => {
  await addArticles(database.db, sourceId, [
    article('lex.example', 'Notes on queues', 8, {
      content: 'Backpressure keeps a slow consumer from drowning in messages it cannot handle.',
    }),
  ]);
  const queues = await idOf('Notes on queues');
  const index = new LexicalIndex(database.db);
  await index.refresh();
  expect(foundInPassages(index, 'backpressure')).toEqual([queues]);

  await database.db.query(
    `UPDATE articles SET content = 'Dead letter queues hold the messages that failed twice.',
            updated_at = now()
      WHERE post_id = $1`,
    [queues],
  );
  await index.refresh();
  expect(foundInPassages(index, 'backpressure')).toEqual([]);
  expect(foundInPassages(index, 'dead letter')).toEqual([queues]);

  await database.db.query('DELETE FROM articles WHERE post_id = $1', [queues]);
  await index.refresh();
  expect(foundInPassages(index, 'dead letter')).toEqual([]);
});

test('an article stored after the last refresh is found by the very next search', async () => {
  const index = new LexicalIndex(database.db);
  await index.ready();
  expect(found(index, 'flamegraphs')).toEqual([]);

  await addArticles(database.db, sourceId, [article('lex.example', 'Reading flamegraphs', 4)]);
  await index.ready();

  expect(found(index, 'flamegraphs')).toEqual([await idOf('Reading flamegraphs')]);
});

describe('the saved index (snapshot)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'blogstream-lexical-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** An index saving to `dir`, and whether its last load restored the snapshot. */
  function savingIndex(): { index: LexicalIndex; restored: () => boolean } {
    const messages: string[] = [];
    const log: LexicalIndexOptions['log'] = {
      info: (_details, message) => messages.push(message),
      warn: (_details, message) => messages.push(message),
    };
    const index = new LexicalIndex(database.db, { snapshotFile: join(dir, 'lexical.bin'), log });
    return { index, restored: () => messages.includes('Restored a search index') };
  }

  test('a restart restores the saved index and catches up on the articles written since', async () => {
    await addArticles(database.db, sourceId, [
      article('lex.example', 'Consistent hashing rings', 5),
      article('lex.example', 'Bloom filters in practice', 6),
    ]);
    const first = savingIndex();
    await first.index.refresh();
    await first.index.flush();
    expect(first.restored()).toBe(false);

    // While no process runs: one article added, one changed, one deleted.
    await addArticles(database.db, sourceId, [article('lex.example', 'Raft leader election', 7)]);
    const hashing = await idOf('Consistent hashing rings');
    await database.db.query(
      `UPDATE articles SET content = 'Jump hashing needs no ring.', updated_at = now()
        WHERE post_id = $1`,
      [hashing],
    );
    await database.db.query('DELETE FROM articles WHERE post_id = $1', [
      await idOf('Bloom filters in practice'),
    ]);

    const second = savingIndex();
    await second.index.refresh();
    expect(second.restored()).toBe(true);
    expect(second.index.count).toBe(first.index.count);
    expect(found(second.index, 'raft leader')).toEqual([await idOf('Raft leader election')]);
    expect(found(second.index, 'jump hashing')).toEqual([hashing]);
    expect(found(second.index, 'bloom filters')).toEqual([]);
    expect(foundInPassages(second.index, 'jump hashing')).toEqual([hashing]);
  });

  test('a corrupt snapshot is ignored: the index is built from the articles and saved again', async () => {
    const first = savingIndex();
    await first.index.refresh();
    await first.index.flush();
    const file = join(dir, 'lexical.bin');
    const bytes = readFileSync(file);
    bytes[bytes.length - 3]! ^= 0xff;
    writeFileSync(file, bytes);

    const second = savingIndex();
    await second.index.refresh();
    expect(second.restored()).toBe(false);
    expect(found(second.index, 'kafka')).toEqual(found(first.index, 'kafka'));
    await second.index.flush();

    const third = savingIndex();
    await third.index.refresh();
    expect(third.restored()).toBe(true);
    expect(found(third.index, 'kafka')).toEqual(found(first.index, 'kafka'));
  });
});
