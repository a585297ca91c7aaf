import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { summarySchema, type Summary } from '@blogstream/shared/contract';
import { Fetcher } from '../../ingestion/fetch/fetcher.js';
import { consoleLog } from '../../lib/log.js';
import { addSources, sourceEntry } from '../../testing/content-fixtures.js';
import { startFeedServer, type FeedServer } from '../../testing/feed-server.js';
import { makeTempDir, testConfig } from '../../testing/test-config.js';
import { openTestDatabase, type TestDatabase } from '../../testing/test-database.js';
import { OFFLINE_MODEL, summariseOffline } from './offline-summariser.js';
import { createSummaryService, type SummaryService } from './summary-service.js';

interface FixtureArticle {
  title: string;
  description: string;
  content: string;
}

const [article] = JSON.parse(
  readFileSync(new URL('./fixtures/articles.json', import.meta.url), 'utf8'),
) as FixtureArticle[];

const API_KEY = 'sk-test-0123456789-secret';
const MODEL = 'fake-chat-1';

const GOOD_SUMMARY = {
  bullet_points: [
    'Grab built Quotas to rate-limit API requests across its microservices.',
    'Quotas enforces global limits asynchronously, off the request path.',
    'Clients cache quota decisions locally to keep latency low.',
  ],
  key_concepts: ['rate limiting', 'Quotas', 'microservices', 'asynchronous processing'],
};

type Behaviour = (request: IncomingMessage, response: ServerResponse) => void;

function chatAnswer(content: string): Behaviour {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: 'chatcmpl-1',
        object: 'chat.completion',
        model: MODEL,
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
      }),
    );
  };
}

let database: TestDatabase;
let llm: FeedServer;
let fetcher: Fetcher;
let sourceId: number;
let behaviour: Behaviour;
let received: { authorization: string | undefined; body: Record<string, unknown> }[];
let warnings: string[];

/** Keeps the service's warnings (the only level it writes). */
const warningLog = () => ({
  ...consoleLog('silent'),
  warn: (details: object, message: string) =>
    void warnings.push(JSON.stringify({ details, message })),
});
let service: SummaryService;
let articleCount = 0;

async function newArticle(): Promise<number> {
  articleCount += 1;
  const link = `https://llm.example/posts/${articleCount}`;
  const { rows } = await database.db.query<{ post_id: number }>(
    `INSERT INTO articles (source_id, link, link_key, title, description, content, publishing_date)
     VALUES ($1, $2, $2, $3, $4, $5, now()) RETURNING post_id`,
    [sourceId, link, article!.title, article!.description, article!.content],
  );
  return Number(rows[0]?.post_id);
}

async function storedProvider(postId: number) {
  const { rows } = await database.db.query<{ provider: string; model: string }>(
    'SELECT provider, model FROM article_summaries WHERE post_id = $1',
    [postId],
  );
  return rows[0];
}

function serviceWith(timeoutMs: number): SummaryService {
  const config = testConfig({
    DATA_DIR: makeTempDir('data'),
    LLM_BASE_URL: `${llm.origin}/v1/`,
    LLM_MODEL: MODEL,
    LLM_API_KEY: API_KEY,
  });
  return createSummaryService({
    db: database.db,
    summaries: { ...config.summaries, llm: { ...config.summaries.llm!, timeoutMs } },
    fetcher,
    log: warningLog(),
  });
}

beforeAll(async () => {
  database = await openTestDatabase('embedded');
  sourceId = (await addSources(database.db, [sourceEntry('llm', 'LLM', [])])).get('llm')!;
  llm = await startFeedServer({
    '/v1/chat/completions': (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({
          authorization: request.headers.authorization,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
        });
        behaviour(request, response);
      });
    },
  });
  fetcher = new Fetcher({ userAgent: 'test', timeoutMs: 2000, maxBytes: 1e6, allowPrivate: true });
  service = serviceWith(10_000);
});

beforeEach(() => {
  received = [];
  warnings = [];
});

afterAll(async () => {
  await fetcher?.close();
  await llm?.close();
  await database?.close();
});

/** What the summariser wrote, less each bullet's source (checked on its own). */
const written = (summary: Summary | null) =>
  summary && { bullet_points: summary.bullet_points, key_concepts: summary.key_concepts };

/** Each bullet of the served summary carries a sentence of the article, in bullet order. */
function expectSourced(summary: Summary | null): void {
  const text = article!.content.replace(/\s+/g, ' ');
  expect(summary!.bullet_sources).toHaveLength(summary!.bullet_points.length);
  for (const source of summary!.bullet_sources!) expect(text).toContain(source.sentence);
}

describe('summaries written by an OpenAI-compatible chat model', () => {
  test('the model summary is used and stored; the key goes as a Bearer token', async () => {
    behaviour = chatAnswer(JSON.stringify(GOOD_SUMMARY));
    const postId = await newArticle();

    const summary = await service.summaryFor(postId);
    expect(written(summary)).toEqual(GOOD_SUMMARY);
    expectSourced(summary);
    expect(received).toHaveLength(1);
    const [call] = received;
    expect(call!.authorization).toBe(`Bearer ${API_KEY}`);
    expect(call!.body).toMatchObject({ model: MODEL, response_format: { type: 'json_object' } });
    expect(JSON.stringify(call!.body.messages)).toContain('Quotas');
    expect(await storedProvider(postId)).toEqual({ provider: 'llm', model: MODEL });

    // Stored: the model is not asked again.
    expect(await service.summaryFor(postId)).toEqual(summary);
    expect(received).toHaveLength(1);
    expect(warnings).toEqual([]);
  });

  test('a JSON answer in a Markdown fence is accepted', async () => {
    behaviour = chatAnswer(`\`\`\`json\n${JSON.stringify(GOOD_SUMMARY)}\n\`\`\``);
    expect(written(await service.summaryFor(await newArticle()))).toEqual(GOOD_SUMMARY);
  });

  const offline = () => {
    const summary = summariseOffline(article!.title, article!.content, article!.description)!;
    return { bullet_points: summary.bullet_points, key_concepts: summary.key_concepts };
  };

  test.each<[string, Behaviour, string]>([
    [
      'an HTTP 500',
      (_q, response) => response.writeHead(500).end('upstream exploded'),
      'HTTP_ERROR',
    ],
    [
      'an answer that is not JSON',
      (_q, response) => response.writeHead(200).end('<html>'),
      'BAD_RESPONSE',
    ],
    [
      'a message that is not JSON',
      chatAnswer('Here is your summary: the article is about quotas.'),
      'INVALID_SUMMARY',
    ],
    [
      'a summary breaking the schema',
      chatAnswer(
        JSON.stringify({ bullet_points: ['Only one.'], key_concepts: ['x', '', 'y', 'z'] }),
      ),
      'INVALID_SUMMARY',
    ],
    [
      'a reply without choices',
      (_q, response) => response.writeHead(200).end('{"error":"busy"}'),
      'BAD_RESPONSE',
    ],
    ['no answer in time', () => undefined, 'TIMEOUT'],
  ])(
    '%s falls back to the offline summariser, logged without the key',
    async (_case, answer, failure) => {
      behaviour = answer;
      const postId = await newArticle();

      // The deadline case gets a short one of its own.
      const subject = failure === 'TIMEOUT' ? serviceWith(300) : service;
      const result = await subject.summaryFor(postId);
      expect(written(result)).toEqual(offline());
      expectSourced(result);
      summarySchema.parse(result);
      expect(received).toHaveLength(1);
      expect(await storedProvider(postId)).toEqual({ provider: 'offline', model: OFFLINE_MODEL });
      expect(warnings).toHaveLength(1);
      expect(JSON.parse(warnings[0]!)).toMatchObject({
        details: { postId, model: MODEL, failure },
      });
      expect(warnings.join()).not.toContain(API_KEY);
      expect(warnings.join()).not.toContain('sk-test');
    },
  );

  test('an unreachable chat API falls back too', async () => {
    const closed = await startFeedServer();
    const origin = closed.origin;
    await closed.close();
    const config = testConfig({
      DATA_DIR: makeTempDir('data'),
      LLM_BASE_URL: origin,
      LLM_MODEL: MODEL,
      LLM_API_KEY: API_KEY,
    });
    const unreachable = createSummaryService({
      db: database.db,
      summaries: config.summaries,
      fetcher,
      log: warningLog(),
    });
    expect(written(await unreachable.summaryFor(await newArticle()))).toEqual(offline());
    expect(JSON.parse(warnings[0]!)).toMatchObject({ details: { failure: 'NETWORK' } });
    expect(warnings.join()).not.toContain(API_KEY);
  });

  test('concurrent requests ask the model once', async () => {
    behaviour = (request, response) => {
      setTimeout(() => chatAnswer(JSON.stringify(GOOD_SUMMARY))(request, response), 200);
    };
    const postId = await newArticle();
    const answers = await Promise.all(Array.from({ length: 4 }, () => service.summaryFor(postId)));
    expect(answers.map(written)).toEqual(Array.from({ length: 4 }, () => GOOD_SUMMARY));
    expect(received).toHaveLength(1);
  });

  test('an unknown article is null and asks nobody', async () => {
    expect(await service.summaryFor(987_654_321)).toBeNull();
    expect(received).toHaveLength(0);
  });
});
