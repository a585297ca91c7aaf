import http from 'node:http';
import https from 'node:https';
import { jest } from '@jest/globals';
import { openTestDatabase, type TestDatabase } from '../../../testing/accounts-harness.js';
import { dot } from '../embedder.js';
import { cachedSentenceModel, loadSentenceModel, type SentenceModel } from './sentence-model.js';

let model: SentenceModel;
/** Calls that would have reached the network while the model loaded. */
const attempts: string[] = [];
const noNetwork = (what: string) => () => {
  attempts.push(what);
  throw new Error('no network in this test');
};

beforeAll(async () => {
  const network = [
    jest.spyOn(globalThis, 'fetch').mockImplementation(async () => noNetwork('fetch')()),
    jest.spyOn(http, 'request').mockImplementation(noNetwork('http')),
    jest.spyOn(https, 'request').mockImplementation(noNetwork('https')),
  ];
  try {
    model = await loadSentenceModel();
  } finally {
    network.forEach((spy) => spy.mockRestore());
  }
}, 60_000);

test('the sentence model loads from its npm package without the network', async () => {
  const [vector] = await model.encode(['Feature flags and gradual rollouts at scale'], 'document');

  expect(vector).toHaveLength(model.dimension);
  expect(dot(vector!, vector!)).toBeCloseTo(1, 3);
  expect(attempts).toEqual([]);
});

test('a question is closer to the article that answers it than to an unrelated one', async () => {
  const [question] = await model.encode(['how do big companies roll out features safely'], 'query');
  const [flags, bread] = await model.encode(
    ['Feature flags and gradual rollouts at scale', 'A recipe for sourdough bread'],
    'document',
  );

  expect(dot(question!, flags!)).toBeGreaterThan(dot(question!, bread!) + 0.15);
});

describe('kept by content hash in the database', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase('embedded');
  }, 120_000);
  afterAll(() => database?.close());

  test('a text encoded once is read back, not encoded again', async () => {
    const encoded: string[] = [];
    const counting: SentenceModel = {
      ...model,
      encode: (texts, purpose) => {
        encoded.push(...texts);
        return model.encode(texts, purpose);
      },
    };
    const cached = cachedSentenceModel(database.db, counting);

    const first = await cached.encode(
      ['Canary deployments without fear', 'Flame graphs'],
      'document',
    );
    const again = await cached.encode(
      ['Flame graphs', 'Canary deployments without fear', 'CRDTs'],
      'document',
    );
    await cached.encode(['how do I merge edits offline'], 'query');
    await cached.encode(['how do I merge edits offline'], 'query');

    // Documents once each; a query every time (queries are not kept).
    expect(encoded).toEqual([
      'Canary deployments without fear',
      'Flame graphs',
      'CRDTs',
      'how do I merge edits offline',
      'how do I merge edits offline',
    ]);
    expect(Array.from(again[0]!)).toEqual(
      Array.from(first[1]!).map((value) => expect.closeTo(value, 6)),
    );
  });
});
