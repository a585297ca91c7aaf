import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { askResponseSchema } from '@blogstream/shared/contract';
import {
  accountsTestConfig,
  openTestDatabase,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from '../../testing/accounts-harness.js';
import { addArticles, addSources, article, sourceEntry } from '../../testing/content-fixtures.js';
import { makeTempDir } from '../../testing/test-config.js';

const MIGRATION = [
  'Our passenger API ran on a Rails server for years.',
  'We moved it to Go one endpoint at a time, and nobody noticed the switch.',
  'Shadow testing came first.',
  'Every migrated endpoint received a copy of production traffic while Rails still answered, and we compared both responses before any rollout.',
  'Endpoints were rolled out progressively, starting with one percent of the traffic.',
  'Every deployment could be rolled back instantly when the error rate rose.',
].join('\n');

const [quotas] = JSON.parse(
  readFileSync(
    new URL('../../intelligence/summaries/fixtures/articles.json', import.meta.url),
    'utf8',
  ),
) as { title: string; description: string; content: string }[];

const QUESTION = 'How do you migrate an API from Rails to Go without downtime?';
const ASKS_PER_HOUR = 2;
const serverDir = fileURLToPath(new URL('../../..', import.meta.url));
const env = { ASK_LIMIT_PER_HOUR: String(ASKS_PER_HOUR) };

let database: TestDatabase;
let server: TestServer;
let ids: { migration: number; rewrite: number; quotas: number };

beforeAll(async () => {
  // The wire driver: the stdio server is another process, which reaches it at its address.
  database = await openTestDatabase('pg');
  const sourceId = (await addSources(database.db, [sourceEntry('rides', 'Rides', [])])).get(
    'rides',
  )!;
  await addArticles(database.db, sourceId, [
    article('rides.example', 'Moving our passenger API from Rails to Go', 3, {
      content: MIGRATION,
    }),
    article('rides.example', 'Rewriting our billing API in Go', 2, {
      content:
        'The billing API moved from Rails to Go too. We shadow tested it the way the passenger API was.',
    }),
    article('rides.example', quotas!.title, 1, { content: quotas!.content }),
  ]);
  const { rows } = await database.db.query<{ post_id: number; title: string }>(
    'SELECT post_id, title FROM articles',
  );
  const idOf = (title: string) => Number(rows.find((row) => row.title === title)!.post_id);
  ids = {
    migration: idOf('Moving our passenger API from Rails to Go'),
    rewrite: idOf('Rewriting our billing API in Go'),
    quotas: idOf(quotas!.title),
  };
  server = await startTestServer(database.db, accountsTestConfig({ env }));
}, 180_000);

afterAll(async () => {
  await server?.close();
  await database?.close();
});

beforeEach(async () => {
  await database.db.query('DELETE FROM rate_limit_counters');
});

const transports = {
  'streamable HTTP at /mcp': () => {
    const { port } = server.app.server.address() as AddressInfo;
    return new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`));
  },
  // The entry a local agent runs (`npm run mcp -w server`), from its TypeScript source.
  stdio: () =>
    new StdioClientTransport({
      command: process.execPath,
      args: [
        '--conditions=source',
        '--import',
        './src/testing/register-typescript.mjs',
        'src/mcp.ts',
      ],
      cwd: serverDir,
      env: {
        PATH: process.env.PATH ?? '',
        DATABASE_URL: database.url!,
        DATA_DIR: makeTempDir('mcp-data'),
        LOG_LEVEL: 'warn',
        SESSION_SECRET: 'test-session-secret-of-at-least-32-characters',
        EMBEDDINGS_OFFLINE_MODEL: 'words',
        CRAWL_PAGE_VISITS: '0',
        ...env,
      },
      stderr: 'inherit',
    }),
};

/** The JSON a tool answered. */
function answerOf(result: CallToolResult): unknown {
  expect(result.isError).toBeFalsy();
  const [content] = result.content;
  if (content?.type !== 'text') throw new Error('The tool answered no text');
  return JSON.parse(content.text);
}

/** The message of a tool's error result. */
function errorOf(result: CallToolResult): string {
  expect(result.isError).toBe(true);
  const [content] = result.content;
  return content?.type === 'text' ? content.text : '';
}

describe.each(Object.keys(transports) as (keyof typeof transports)[])(
  'the MCP server over %s',
  (transport) => {
    let client: Client;
    const call = async (name: string, args: Record<string, unknown>) =>
      (await client.callTool({ name, arguments: args })) as CallToolResult;

    beforeAll(async () => {
      client = new Client({ name: 'blogstream-test', version: '1.0.0' });
      await client.connect(transports[transport]());
    }, 60_000);

    afterAll(async () => {
      await client?.close();
    });

    test('offers four read-only tools', async () => {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual([
        'ask',
        'get_article',
        'search',
        'similar',
      ]);
      for (const tool of tools) expect(tool.annotations?.readOnlyHint).toBe(true);
    });

    test('search answers the matching articles with their links', async () => {
      const found = answerOf(await call('search', { query: 'rails go migration', limit: 5 }));
      expect(found).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            post_id: ids.migration,
            title: 'Moving our passenger API from Rails to Go',
            link: expect.stringMatching(/^https:\/\/rides\.example\//),
          }),
        ]),
      );
    });

    test('similar answers articles like the one given, not it', async () => {
      const similar = answerOf(await call('similar', { post_id: ids.migration })) as {
        post_id: number;
      }[];
      expect(similar.map((found) => found.post_id)).toContain(ids.rewrite);
      expect(similar.map((found) => found.post_id)).not.toContain(ids.migration);
      expect(errorOf(await call('similar', { post_id: 987_654 }))).toBe(
        'NOT_FOUND: There is no article 987654.',
      );
    });

    test("get_article gives the card, the summary with its sources and the link, never the article's text", async () => {
      const result = await call('get_article', { post_id: ids.quotas });
      const found = answerOf(result) as {
        title: string;
        link: string;
        summary: { bullet_points: { text: string; source: { sentence: string; link: string } }[] };
      };
      expect(found.title).toBe(quotas!.title);
      expect(found.link).toMatch(/^https:\/\/rides\.example\//);
      expect(found.summary.bullet_points.length).toBeGreaterThanOrEqual(3);
      for (const point of found.summary.bullet_points) {
        expect(quotas!.content.replace(/\s+/g, ' ')).toContain(point.source.sentence);
        expect(point.source.link).toContain('#:~:text=');
      }
      const text = (result.content[0] as { text: string }).text;
      expect(text).not.toContain(quotas!.content.replace(/\s+/g, ' ').slice(2_000, 2_300));
      expect(Object.keys(found)).not.toEqual(expect.arrayContaining(['content']));
    });

    test('ask answers with the sentences and citations of /api/ask', async () => {
      // The articles are as the other tools give them; the rest is the site's answer.
      const answer = askResponseSchema
        .omit({ articles: true })
        .parse(answerOf(await call('ask', { question: QUESTION })));
      const site = askResponseSchema.parse(
        await (await server.client()).postJson('/api/ask', { question: QUESTION }),
      );
      expect(answer.abstained).toBe(false);
      expect(answer.sentences).toEqual(site.sentences);
      expect(answer.citations).toEqual(site.citations);
      expect(answer.citations[0]!.link).toContain('#:~:text=');
    });

    test.each([
      ['search', { query: '' }, /query/],
      ['similar', { post_id: 'seven' }, /post_id/],
      ['get_article', {}, /post_id/],
      ['ask', { question: 'x' }, /question/],
    ])(
      '%s with bad arguments %j is a clear error naming the argument',
      async (name, args, field) => {
        const message = await call(name, args).then(
          (result) => errorOf(result),
          (error: Error) => error.message,
        );
        expect(message).toMatch(/Invalid arguments/i);
        expect(message).toMatch(field);
      },
    );

    test(`the hourly limit on questions holds: a question past ${ASKS_PER_HOUR} is refused`, async () => {
      for (let asked = 0; asked < ASKS_PER_HOUR; asked += 1) {
        answerOf(await call('ask', { question: QUESTION }));
      }
      expect(errorOf(await call('ask', { question: QUESTION }))).toMatch(
        /^RATE_LIMITED: Too many questions asked\. Please try again later\. Retry after \d+ seconds\.$/,
      );
    });
  },
);
