import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { readSnapshot, writeSnapshot } from '../index-snapshot.js';
import {
  InvertedIndex,
  type FieldTexts,
  type InvertedIndexHeader,
  type LexicalParameters,
} from './inverted-index.js';
import { queryWords } from './search-terms.js';

const PARAMETERS: LexicalParameters = {
  k1: 1.2,
  weights: { title: 3, description: 1.5, body: 1, source: 1 },
  b: { title: 0.75, description: 0.75, body: 0.75, source: 0.75 },
  fallbackCoverage: 0.5,
};

const texts = (title: string, body = '', source = 'Blog'): FieldTexts => ({
  title,
  description: '',
  body,
  source,
});

function indexOf(documents: Record<number, FieldTexts>): InvertedIndex {
  const index = new InvertedIndex();
  for (const [id, fields] of Object.entries(documents)) index.add(Number(id), fields);
  return index;
}

const ids = (index: InvertedIndex, query: string, parameters = PARAMETERS) =>
  index.search(queryWords(query), parameters, 10).map((hit) => hit.id);

const common = Object.fromEntries(
  Array.from({ length: 20 }, (_, n) => [100 + n, texts(`Team update ${n}`, 'The team met again.')]),
);

describe('BM25F inverted index', () => {
  const index = indexOf({
    1: texts('Kafka consumer groups', 'How consumer groups balance partitions.'),
    2: texts('Rebalancing partitions', 'Kafka moves partitions between consumers when one leaves.'),
    3: texts('Postgres vacuum', 'Vacuum reclaims space; the team tuned it.'),
    4: texts('Garbage collection in Go', 'The Go team made the collector concurrent.'),
    ...common,
  });

  test('articles with every word come first (AND), the rest after them', () => {
    const hits = index.search(queryWords('kafka partitions'), PARAMETERS, 10);
    expect(hits.slice(0, 2).map((hit) => [hit.id, hit.matchedAll])).toEqual(
      expect.arrayContaining([
        [1, true],
        [2, true],
      ]),
    );
    expect(hits.every((hit) => hit.matchedAll)).toBe(true);
  });

  test('a title match outranks the same word in the body', () => {
    expect(ids(index, 'kafka')).toEqual([1, 2]);
    expect(ids(index, 'rebalancing')).toEqual([2]);
  });

  test('without an article holding every word, only those covering enough of the query remain', () => {
    // "team" is in 22 articles and weighs little: matching it alone is no match for the query.
    expect(ids(index, 'postgres vacuum team')).toEqual([3]);
    expect(ids(index, 'go collector team')).toEqual([4]);
    expect(index.search(queryWords('team kafka'), PARAMETERS, 10)[0]?.id).toBe(1);
  });

  test('a query of unknown words finds nothing, and an unknown word weighs on the rest', () => {
    expect(ids(index, 'zxqv florp')).toEqual([]);
    expect(ids(index, 'zxqv team')).toEqual([]);
  });

  test('excluded words leave articles out; a prefix stands for the terms it starts', () => {
    expect(ids(index, 'kafka -rebalancing')).toEqual([1]);
    expect(ids(index, 'garb*')).toEqual([4]);
  });

  test('replaced and removed articles leave the index, before and after a merge', () => {
    const changing = indexOf({ 1: texts('Kafka'), 2: texts('Kafka streams'), ...common });
    changing.add(1, texts('Pulsar'));
    changing.remove(2);
    expect(ids(changing, 'kafka')).toEqual([]);
    expect(ids(changing, 'pulsar')).toEqual([1]);
    changing.merge();
    expect(changing.pendingPostings).toBe(0);
    expect(ids(changing, 'kafka')).toEqual([]);
    expect(ids(changing, 'pulsar')).toEqual([1]);
    expect(changing.size).toBe(21);
  });

  test('sealing and merging segments leave every answer as it was', () => {
    const documents: Record<number, FieldTexts> = {
      1: texts('Kafka consumer groups', 'How consumer groups balance partitions.'),
      2: texts('Rebalancing partitions', 'Kafka moves partitions between consumers.'),
      3: texts('Postgres vacuum', 'Vacuum reclaims space; the team tuned it.'),
      4: texts('Garbage collection in Go', 'The Go team made the collector concurrent.'),
      ...common,
    };
    const whole = indexOf(documents);
    const sealed = new InvertedIndex();
    Object.entries(documents).forEach(([id, fields], position) => {
      sealed.add(Number(id), fields);
      if (position % 5 === 4) sealed.seal();
    });
    // A term first seen after the older segments were sealed.
    whole.add(5, texts('Zookeeper quorum'));
    sealed.add(5, texts('Zookeeper quorum'));
    sealed.remove(2);
    whole.remove(2);
    const queries = ['kafka partitions', 'team', 'postgres vacuum team', 'zookeeper', 'garb*'];
    const answers = (index: InvertedIndex) =>
      queries.map((query) => index.search(queryWords(query), PARAMETERS, 10));

    expect(answers(sealed)).toEqual(answers(whole));
    // Merging drops dead rows from the document frequencies, whatever the segments.
    sealed.merge();
    whole.merge();
    expect(answers(sealed)).toEqual(answers(whole));
    expect(sealed.pendingPostings).toBe(0);
  });

  test('sealed postings keep every frequency: many fields, more than 15 times, capped at 255', () => {
    const documents: Record<number, FieldTexts> = {
      1: texts('Kafka', 'kafka '.repeat(16)),
      2: texts('Kafka kafka', 'kafka '.repeat(300), 'Kafka Blog'),
      3: { title: '', description: 'kafka', body: 'kafka kafka', source: '' },
      ...Object.fromEntries(
        // Rows far apart: gaps of more than one byte.
        Array.from({ length: 400 }, (_, n) => [
          1000 + n,
          texts(`Note ${n}`, n % 150 === 0 ? 'kafka' : 'filler'),
        ]),
      ),
    };
    const open = indexOf(documents);
    const sealed = indexOf(documents);
    sealed.merge();
    const answer = (index: InvertedIndex) => index.search(queryWords('kafka'), PARAMETERS, 400);
    expect(answer(sealed)).toEqual(answer(open));
    expect(answer(sealed)).toHaveLength(6);
  });

  test('a snapshot restores an index that answers as the original, and goes on changing', async () => {
    const original = indexOf({ 1: texts('Kafka consumer groups'), ...common });
    original.merge();
    original.add(2, texts('Kafka streams in Zürich'));
    original.remove(100);
    const file = join(mkdtempSync(join(tmpdir(), 'blogstream-inverted-')), 'index.bin');
    const { header, sections } = original.snapshot();
    writeSnapshot(file, 1, header, sections);
    const snapshot = (await readSnapshot<InvertedIndexHeader>(file, 1))!;
    rmSync(dirname(file), { recursive: true });
    const restored = InvertedIndex.restore(snapshot.header, snapshot.section);
    const queries = ['kafka', 'team update', 'zurich', 'kaf*', 'update -kafka'];
    const answers = (index: InvertedIndex) =>
      queries.map((query) => index.search(queryWords(query), PARAMETERS, 30));
    expect(restored.size).toBe(original.size);
    expect(answers(restored)).toEqual(answers(original));

    for (const index of [original, restored]) {
      index.add(3, texts('Kafka connect'));
      index.remove(1);
      index.merge();
    }
    expect(answers(restored)).toEqual(answers(original));
    expect(() =>
      InvertedIndex.restore({ ...header, rows: header.rows + 1 }, snapshot.section),
    ).toThrow();
  });

  test("an article's distinctive terms are its rare words, not its common ones", () => {
    const terms = index.distinctiveTerms(
      texts('Kafka consumer groups', 'How the team balances partitions.'),
      PARAMETERS.weights,
      3,
    );
    expect(terms).toEqual(expect.arrayContaining(['kafka', 'partit']));
    expect(terms).not.toContain('team');
  });
});

describe('optional query words (expansions)', () => {
  const index = indexOf({
    ...common,
    1: texts('Our program and its memory', 'We looked at the memory of the program.'),
    2: texts('A memory leak in the program', 'The heap grew until the program was killed.'),
    3: texts('Heap dumps', 'A leak in the heap, found by a heap dump.'),
  });
  const optional = (term: string) => ({
    terms: [term],
    prefix: false,
    excluded: false,
    optional: true,
    weight: 0.5,
  });

  test('rank up the articles that have them, without being asked for', () => {
    const hits = index.search(
      [...queryWords('program memory'), optional('leak'), optional('heap')],
      PARAMETERS,
      10,
    );
    expect(hits.map((hit) => hit.id).slice(0, 2)).toEqual([2, 1]);
    // Both contain every word of the query: the optional ones are not part of it.
    expect(hits.filter((hit) => hit.matchedAll).map((hit) => hit.id)).toEqual([2, 1]);
  });

  test('count towards what an article covers of the query', () => {
    const hits = index.search(
      [...queryWords('program memory'), optional('leak'), optional('heap')],
      { ...PARAMETERS, fallbackCoverage: 0.3 },
      10,
    );
    expect(hits.map((hit) => hit.id)).toContain(3);
  });

  test('cover the words of the query they rephrase: an article in the technical words alone', () => {
    const question = queryWords('why does the memory of our program keep growing');
    const rephrased = queryWords('memory keep growing').map((word) => word.terms[0]!);
    const hits = index.search(
      [...question, { ...optional('leak'), standsFor: rephrased }, optional('heap')],
      PARAMETERS,
      10,
    );
    // The heap dump article has none of the question's words, only the technical ones.
    expect(hits.map((hit) => hit.id)).toContain(3);
  });
});
