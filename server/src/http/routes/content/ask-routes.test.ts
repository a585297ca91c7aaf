import { askResponseSchema, ANSWER_SENTENCES, type AskResponse } from '@blogstream/shared/contract';
import { readError, type TestServer } from '../../../testing/accounts-harness.js';
import {
  addArticles,
  addSources,
  article,
  sourceEntry,
} from '../../../testing/content-fixtures.js';
import { routeTestSite } from '../../../testing/route-test-site.js';

let sourceId: number;

const MIGRATION = [
  'Our passenger API ran on a Rails server for years.',
  'We moved it to Go one endpoint at a time, and nobody noticed the switch.',
  '',
  'Shadow testing came first.',
  'Every migrated endpoint received a copy of production traffic while Rails still answered, and we compared both responses before any rollout.',
  'Endpoints were rolled out progressively, starting with one percent of the traffic.',
  'Every deployment could be rolled back instantly when the error rate rose.',
  '',
  'Load testing replayed the busiest day of the month against the Go servers.',
].join('\n');

const GARDEN = [
  'The tomatoes loved the July heat on the balcony.',
  'We watered them by hand twice a day and tied them to bamboo canes.',
  'By August the plants were taller than the railing.',
].join('\n');

async function ask(question: unknown, client = site.visitor): Promise<AskResponse> {
  return askResponseSchema.parse(await client.postJson('/api/ask', { question }));
}

const site = routeTestSite('embedded', {
  env: { ASK_LIMIT_PER_HOUR: '0' },
  seed: async (db) => {
    sourceId = (await addSources(db, [sourceEntry('rides', 'Rides engineering', [])])).get(
      'rides',
    )!;
    await addArticles(db, sourceId, [
      article('rides.example', 'Moving our passenger API from Rails to Go', 5, {
        content: MIGRATION,
      }),
      article('rides.example', 'A summer on the balcony', 6, { content: GARDEN }),
    ]);
  },
  setUpMs: 180_000,
});

describe('/api/ask', () => {
  test('answers with sentences quoted verbatim from the passages they cite, linked to each passage', async () => {
    const answer = await ask('How do you migrate an API from Rails to Go without downtime?');

    expect(answer.abstained).toBe(false);
    expect(answer.sentences.length).toBeGreaterThanOrEqual(ANSWER_SENTENCES.min);
    expect(answer.sentences.length).toBeLessThanOrEqual(ANSWER_SENTENCES.max);
    const byNumber = new Map(answer.citations.map((citation) => [citation.n, citation]));
    for (const sentence of answer.sentences) {
      expect(sentence.citations.length).toBeGreaterThan(0);
      for (const n of sentence.citations) {
        expect(byNumber.get(n)!.passage).toContain(sentence.text);
      }
    }
    for (const citation of answer.citations) {
      expect(MIGRATION.replace(/\s+/g, ' ')).toContain(citation.passage);
      expect(citation.link).toMatch(/^https:\/\/rides\.example\/posts\/\d+#:~:text=/);
    }
    expect(answer.sentences.map((sentence) => sentence.text)).toContain(
      'Endpoints were rolled out progressively, starting with one percent of the traffic.',
    );
    expect(answer.articles.map((card) => card.title)).toEqual([
      'Moving our passenger API from Rails to Go',
    ]);
  });

  test('abstains on a question no article answers, saying so', async () => {
    const answer = await ask('What is the capital gains tax rate in Canada?');

    expect(answer).toMatchObject({
      abstained: true,
      message: 'No article in the archive answers this',
      sentences: [],
      citations: [],
    });
  });

  test('quotes an article stored after the first question: the passages follow the crawl', async () => {
    await ask('How do you migrate an API from Rails to Go?');
    await addArticles(site.db, sourceId, [
      article('rides.example', 'Sharding our Redis cache', 1, {
        content: [
          'One Redis node could no longer hold every session token.',
          'We hashed each key to pick one of eight Redis shards, so reads and writes spread evenly.',
          'Adding a shard moves only the keys whose hash falls to it.',
        ].join('\n'),
      }),
    ]);

    const answer = await ask('How did you shard the Redis cache keys?');

    expect(answer.abstained).toBe(false);
    expect(answer.articles.map((card) => card.title)).toContain('Sharding our Redis cache');
  });

  test.each([[''], ['  '], ['x'.repeat(301)], [42]])(
    'a bad question %j is 400 VALIDATION_FAILED',
    async (question) => {
      const response = await site.visitor.post('/api/ask', { question });
      expect(response.status).toBe(400);
      expect((await readError(response)).reason).toBe('VALIDATION_FAILED');
    },
  );
});

describe('the per-client limit on questions', () => {
  let limited: TestServer;

  beforeAll(async () => {
    limited = await site.startAnother({ env: { ASK_LIMIT_PER_HOUR: '2' } });
  });

  test('refuses a third question within the hour with 429 RATE_LIMITED and Retry-After', async () => {
    await site.db.query('DELETE FROM rate_limit_counters');
    const client = await limited.client();
    await ask('How do you migrate an API from Rails to Go?', client);
    await ask('What is the capital gains tax rate in Canada?', client);

    const refused = await client.post('/api/ask', { question: 'Why shadow test?' });
    expect(refused.status).toBe(429);
    expect((await readError(refused)).reason).toBe('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
