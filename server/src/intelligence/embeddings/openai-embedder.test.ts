import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOpenAiEmbedder, EmbeddingApiError } from './openai-embedder.js';

interface SeenRequest {
  path: string;
  authorization: string | undefined;
  body: { model: string; input: string[] };
}

type Answer = (request: SeenRequest) => { status: number; body: unknown };

let server: Server;
let url: string;
let seen: SeenRequest[];
let answers: Answer[];

/** A vector that depends on the text, so results can be matched to inputs. */
const fakeVector = (text: string) => [text.length, 3, 4];

const embeddingsAnswer: Answer = ({ body }) => ({
  status: 200,
  body: {
    object: 'list',
    model: body.model,
    // Out of order on purpose: clients must use `index`.
    data: body.input
      .map((text, index) => ({ object: 'embedding', index, embedding: fakeVector(text) }))
      .reverse(),
  },
});

async function readBody(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text;
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const seenRequest = {
      path: request.url ?? '',
      authorization: request.headers.authorization,
      body: JSON.parse(await readBody(request)) as SeenRequest['body'],
    };
    seen.push(seenRequest);
    const { status, body } = (answers.shift() ?? embeddingsAnswer)(seenRequest);
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

beforeEach(() => {
  seen = [];
  answers = [];
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

test('speaks the OpenAI embeddings protocol: model, inputs, bearer key, vectors by index', async () => {
  const embedder = await createOpenAiEmbedder({
    url,
    model: 'nomic-embed-text',
    apiKey: 'sk-test',
  });
  const vectors = await embedder.embed(['a', 'abcd'], 'document');

  expect(embedder.model).toBe('openai:nomic-embed-text');
  expect(embedder.dimension).toBe(3);
  expect(seen.at(-1)).toEqual({
    path: '/v1/embeddings',
    authorization: 'Bearer sk-test',
    body: { model: 'nomic-embed-text', input: ['a', 'abcd'] },
  });
  // [1,3,4] and [4,3,4], unit length.
  expect(Array.from(vectors[0]!)).toEqual(
    [1 / Math.sqrt(26), 3 / Math.sqrt(26), 4 / Math.sqrt(26)].map(Math.fround),
  );
  expect(vectors[1]![0]).toBeCloseTo(4 / Math.sqrt(41));
});

test('retries a 429 or 5xx answer and then succeeds', async () => {
  const embedder = await createOpenAiEmbedder({ url, model: 'm', apiKey: undefined });
  answers.push(() => ({ status: 503, body: { error: 'busy' } }));
  answers.push(() => ({ status: 429, body: { error: 'slow down' } }));
  const [vector] = await embedder.embed(['text'], 'query');

  expect(vector).toHaveLength(3);
  expect(seen.filter((request) => request.path === '/v1/embeddings')).toHaveLength(4);
  expect(seen.at(-1)?.authorization).toBeUndefined();
});

test('fails clearly on a client error, a malformed answer or a changed dimension', async () => {
  const embedder = await createOpenAiEmbedder({ url, model: 'm', apiKey: undefined, attempts: 1 });
  answers.push(() => ({ status: 400, body: { error: 'bad model' } }));
  await expect(embedder.embed(['x'], 'query')).rejects.toThrow('embeddings API answered 400');

  answers.push(() => ({ status: 200, body: { data: 'nope' } }));
  await expect(embedder.embed(['x'], 'query')).rejects.toThrow(EmbeddingApiError);

  answers.push(() => ({ status: 200, body: { data: [{ index: 0, embedding: [1, 2] }] } }));
  await expect(embedder.embed(['x'], 'query')).rejects.toThrow('changed dimension');
});

test('an unreachable endpoint fails at creation, not later', async () => {
  await expect(
    createOpenAiEmbedder({
      url: 'http://127.0.0.1:9/v1',
      model: 'm',
      apiKey: undefined,
      attempts: 1,
    }),
  ).rejects.toThrow('unreachable');
});
