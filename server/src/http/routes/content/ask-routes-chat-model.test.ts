import type { IncomingMessage, ServerResponse } from 'node:http';
import { askResponseSchema, type AskResponse } from '@blogstream/shared/contract';
import { accountsTestConfig } from '../../../testing/accounts-harness.js';
import {
  addArticles,
  addSources,
  article,
  sourceEntry,
} from '../../../testing/content-fixtures.js';
import { startFeedServer, type FeedServer } from '../../../testing/feed-server.js';
import { routeTestSite } from '../../../testing/route-test-site.js';

const MIGRATION = [
  'Our passenger API ran on a Rails server for years.',
  'We moved it to Go one endpoint at a time, and nobody noticed the switch.',
  'Shadow testing came first.',
  'Every migrated endpoint received a copy of production traffic while Rails still answered, and we compared both responses before any rollout.',
  'Endpoints were rolled out progressively, starting with one percent of the traffic.',
  'Every deployment could be rolled back within 30 seconds when the error rate rose.',
  'Load testing replayed the busiest day of the month against the Go servers.',
].join('\n');

const QUESTION = 'How do you migrate an API from Rails to Go without downtime?';
const ASK_TIMEOUT_MS = 1_000;

/** What the fake model writes, given the user message (the numbered passages and the question). */
type Answer = (prompt: string, marker: (phrase: string) => string) => string;

let llm: FeedServer;
let answer: Answer | 'no answer' | 'HTTP 500';
let prompts: string[];

/** The [n] marker of the passage in `prompt` holding `phrase`. */
function markerIn(prompt: string, phrase: string): string {
  const line = prompt.split('\n').find((text) => text.includes(phrase));
  // No such passage: a marker no passage has, which the answer's check refuses.
  return /^\[\d+\]/.exec(line ?? '')?.[0] ?? '[0]';
}

function chatModel(request: IncomingMessage, response: ServerResponse): void {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      messages: { role: string; content: string }[];
    };
    const prompt = body.messages.find((message) => message.role === 'user')!.content;
    prompts.push(prompt);
    if (answer === 'no answer') return; // never answers: the deadline passes
    if (answer === 'HTTP 500') return void response.writeHead(500).end('upstream exploded');
    const content = answer(prompt, (phrase) => markerIn(prompt, phrase));
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content } }] }));
  });
}

/** Four sentences, each citing the passage it comes from. */
const GROUNDED: Answer = (_prompt, marker) =>
  [
    `Each migrated endpoint first received a copy of production traffic while Rails still answered ${marker('copy of production traffic')}.`,
    `Both responses were compared before any rollout ${marker('compared both responses')}.`,
    `Endpoints were then rolled out progressively, starting with one percent of the traffic ${marker('one percent')}.`,
    `A deployment could be rolled back within 30 seconds when the error rate rose. ${marker('rolled back')}`,
  ].join(' ');

async function ask(question = QUESTION): Promise<AskResponse> {
  return askResponseSchema.parse(await site.visitor.postJson('/api/ask', { question }));
}

/** The quoted answer: each sentence verbatim in the passage it cites. */
function expectQuoted(response: AskResponse): void {
  expect(response.kind).toBe('quoted');
  expect(response.abstained).toBe(false);
  const passages = new Map(response.citations.map((citation) => [citation.n, citation.passage]));
  for (const sentence of response.sentences) {
    expect(passages.get(sentence.citations[0]!)).toContain(sentence.text);
  }
}

beforeAll(async () => {
  llm = await startFeedServer({ '/v1/chat/completions': chatModel });
});

const site = routeTestSite('embedded', {
  seed: async (db) => {
    const sourceId = (await addSources(db, [sourceEntry('rides', 'Rides engineering', [])])).get(
      'rides',
    )!;
    await addArticles(db, sourceId, [
      article('rides.example', 'Moving our passenger API from Rails to Go', 5, {
        content: MIGRATION,
      }),
    ]);
  },
  config: () =>
    accountsTestConfig({
      env: {
        ASK_LIMIT_PER_HOUR: '0',
        LLM_BASE_URL: `${llm.origin}/v1`,
        LLM_MODEL: 'fake-chat-1',
        ASK_LLM_TIMEOUT_MS: String(ASK_TIMEOUT_MS),
      },
    }),
  setUpMs: 180_000,
});

beforeEach(() => {
  prompts = [];
});

afterAll(async () => {
  await llm?.close();
});

describe('/api/ask with a chat model', () => {
  test('shows the written answer, every sentence citing the passages it comes from', async () => {
    answer = GROUNDED;

    const response = await ask();

    expect(prompts).toHaveLength(1);
    expect(prompts[0]).toContain(`Question: ${QUESTION}`);
    expect(response.kind).toBe('written');
    expect(response.sentences.map((sentence) => sentence.text)).toEqual([
      'Each migrated endpoint first received a copy of production traffic while Rails still answered.',
      'Both responses were compared before any rollout.',
      'Endpoints were then rolled out progressively, starting with one percent of the traffic.',
      'A deployment could be rolled back within 30 seconds when the error rate rose.',
    ]);
    const cited = new Map(response.citations.map((citation) => [citation.n, citation]));
    expect([...cited.keys()]).toEqual(response.citations.map((_, index) => index + 1));
    for (const sentence of response.sentences) {
      expect(sentence.citations.length).toBeGreaterThan(0);
      for (const n of sentence.citations) expect(cited.has(n)).toBe(true);
    }
    for (const citation of cited.values()) {
      expect(MIGRATION.replace(/\s+/g, ' ')).toContain(citation.passage);
      expect(citation.link).toMatch(/^https:\/\/rides\.example\/posts\/\d+#:~:text=/);
    }
    expect(response.articles.map((card) => card.title)).toEqual([
      'Moving our passenger API from Rails to Go',
    ]);
  });

  test('drops a sentence holding a figure its passage does not', async () => {
    answer = (prompt, marker) =>
      `${GROUNDED(prompt, marker)} The first rollout took 5 percent of the traffic ${marker('one percent')}.`;

    const response = await ask();

    expect(response.kind).toBe('written');
    expect(response.sentences).toHaveLength(4);
    expect(response.sentences.map((sentence) => sentence.text).join(' ')).not.toContain(
      '5 percent',
    );
  });

  test('drops a sentence naming what its passage does not name', async () => {
    answer = (prompt, marker) =>
      `${GROUNDED(prompt, marker)} Kubernetes rolled the endpoints back ${marker('rolled back')}.`;

    const response = await ask();

    expect(response.sentences.map((sentence) => sentence.text).join(' ')).not.toContain(
      'Kubernetes',
    );
  });

  test('never shows a sentence that cites nothing', async () => {
    answer = (prompt, marker) => `${GROUNDED(prompt, marker)} Most teams should migrate this way.`;

    const response = await ask();

    expect(response.kind).toBe('written');
    expect(response.sentences).toHaveLength(4);
    expect(response.sentences.map((sentence) => sentence.text)).not.toContain(
      'Most teams should migrate this way.',
    );
  });

  test('an answer citing nothing shows the quoted answer', async () => {
    answer = () =>
      'Teams migrate one endpoint at a time. They shadow test first. They roll out slowly.';

    expectQuoted(await ask());
    expect(prompts).toHaveLength(1);
  });

  test.each([
    ['does not answer within the deadline', 'no answer' as const],
    ['answers HTTP 500', 'HTTP 500' as const],
  ])('a model that %s: the quoted answer is shown', async (_case, behaviour) => {
    answer = behaviour;

    expectQuoted(await ask());
    expect(prompts).toHaveLength(1);
  });

  test('an unanswerable question asks no model and abstains', async () => {
    answer = GROUNDED;

    const response = await ask('What is the capital gains tax rate in Canada?');

    expect(response).toMatchObject({ kind: 'quoted', abstained: true });
    expect(prompts).toEqual([]);
  });
});
