import { readFileSync } from 'node:fs';
import { summarySchema, type Summary } from '@blogstream/shared/contract';
import type { Db } from '../../../db/db.js';
import { readError, type TestServer } from '../../../testing/accounts-harness.js';
import type { ApiClient } from '../../../testing/api-client.js';
import { OFFLINE_MODEL } from '../../../intelligence/summaries/offline-summariser.js';
import { repeatsPreview } from '../../../intelligence/summaries/text/preview-overlap.js';
import { addSources, sourceEntry } from '../../../testing/content-fixtures.js';
import { startFeedServer, type FeedServer } from '../../../testing/feed-server.js';
import { routeTestSite } from '../../../testing/route-test-site.js';

interface FixtureArticle {
  title: string;
  description: string;
  content: string;
}

const fixtures = JSON.parse(
  readFileSync(
    new URL('../../../intelligence/summaries/fixtures/articles.json', import.meta.url),
    'utf8',
  ),
) as FixtureArticle[];
const pageHtml = readFileSync(
  new URL('../../../intelligence/summaries/fixtures/article-page.html', import.meta.url),
  'utf8',
);

let pages: FeedServer;
let sourceId: number;
let articleCount = 0;

async function addArticle(
  db: Db,
  fields: { title: string; link?: string; description?: string; content?: string },
): Promise<number> {
  articleCount += 1;
  const link = fields.link ?? `https://summaries.example/posts/${articleCount}`;
  const { rows } = await db.query<{ post_id: number }>(
    `INSERT INTO articles (source_id, link, link_key, title, description, content, publishing_date)
     VALUES ($1, $2, $3, $4, $5, $6, now()) RETURNING post_id`,
    [
      sourceId,
      link,
      `${link}#${articleCount}`,
      fields.title,
      fields.description ?? '',
      fields.content ?? '',
    ],
  );
  return Number(rows[0]?.post_id);
}

function summaryOf(client: ApiClient, postId: unknown): Promise<Response> {
  return client.post('/api/post_summary', { post_id: postId });
}

async function summary(client: ApiClient, postId: number): Promise<Summary> {
  const response = await summaryOf(client, postId);
  expect(response.status).toBe(200);
  return summarySchema.parse(await response.json());
}

function words(text: string): string {
  return text
    .replace(/…$/, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .toLowerCase();
}

beforeAll(async () => {
  pages = await startFeedServer();
});

const site = routeTestSite('embedded', {
  env: { FEED_ALLOW_PRIVATE: '1', SUMMARY_LIMIT_PER_HOUR: '0' },
  seed: async (db) => {
    sourceId = (await addSources(db, [sourceEntry('summaries', 'Summaries', [])])).get(
      'summaries',
    )!;
  },
});

afterAll(async () => {
  await pages?.close();
});

describe('POST /api/post_summary', () => {
  test('summarises a stored article with the offline provider and keeps it', async () => {
    const [article] = fixtures;
    const link = 'https://summaries.example/kept';
    const postId = await addArticle(site.db, { ...article!, link });

    const first = await summary(site.visitor, postId);
    expect(first.bullet_points.length).toBeGreaterThanOrEqual(3);
    for (const bullet of first.bullet_points) {
      expect(words(article!.content)).toContain(words(bullet).split(' ').slice(1).join(' '));
    }
    const { rows } = await site.db.query(
      'SELECT provider, model, text_source FROM article_summaries WHERE post_id = $1',
      [postId],
    );
    expect(rows).toEqual([{ provider: 'offline', model: OFFLINE_MODEL, text_source: 'stored' }]);

    // The second answer comes from the table, not from a new computation.
    const stored = {
      bullet_points: ['Stored one.', 'Stored two.', 'Stored three.'],
      key_concepts: ['one', 'two', 'three', 'four'],
      bullet_sources: ['Stored one.', 'Stored two.', 'Stored three.'],
    };
    await site.db.query(
      `UPDATE article_summaries SET bullet_points = $2, key_concepts = $3, bullet_sources = $4
        WHERE post_id = $1`,
      [postId, stored.bullet_points, stored.key_concepts, stored.bullet_sources],
    );
    expect(await summary(site.visitor, postId)).toEqual({
      ...stored,
      bullet_sources: ['one', 'two', 'three'].map((number) => ({
        sentence: `Stored ${number}.`,
        link: `${link}#:~:text=Stored%20${number}.`,
      })),
    });
  });

  test('every bullet carries its source sentence, linked into the page; none repeats the preview', async () => {
    const [, , article] = fixtures;
    const link = 'https://summaries.example/sourced';
    const postId = await addArticle(site.db, { ...article!, link });

    const answer = await summary(site.visitor, postId);

    expect(answer.bullet_sources).toHaveLength(answer.bullet_points.length);
    answer.bullet_sources!.forEach((source, index) => {
      expect(words(article!.content)).toContain(words(source.sentence));
      expect(words(source.sentence)).toContain(
        words(answer.bullet_points[index]!).split(' ').slice(1).join(' '),
      );
      expect(source.link.startsWith(`${link}#:~:text=`)).toBe(true);
      expect(repeatsPreview(source.sentence, article!.description)).toBe(false);
    });
  });

  test('a summary stored without its sources (an older algorithm) is written again', async () => {
    const [article] = fixtures;
    const link = 'https://summaries.example/again';
    const postId = await addArticle(site.db, { ...article!, link });
    await summary(site.visitor, postId);
    await site.db.query(
      `UPDATE article_summaries SET bullet_sources = NULL, model = 'textrank-tfidf-1'
        WHERE post_id = $1`,
      [postId],
    );

    const answer = await summary(site.visitor, postId);

    expect(answer.bullet_sources).toHaveLength(answer.bullet_points.length);
    const { rows } = await site.db.query('SELECT model FROM article_summaries WHERE post_id = $1', [
      postId,
    ]);
    expect(rows).toEqual([{ model: OFFLINE_MODEL }]);
  });

  test('a stored summary that breaks the contract is computed again, not answered with 500', async () => {
    const [, article] = fixtures;
    const postId = await addArticle(site.db, article!);
    await summary(site.visitor, postId);
    await site.db.query(
      'UPDATE article_summaries SET bullet_points = $2, key_concepts = $3 WHERE post_id = $1',
      [postId, ['One.', 'Two.', 'Three.'], ['one', 'two', 'three', 'a concept '.repeat(20)]],
    );

    const answer = await summary(site.visitor, postId);

    expect(summarySchema.safeParse(answer).success).toBe(true);
    expect(answer.bullet_points).not.toContain('One.');
    const { rows } = await site.db.query<Summary>(
      'SELECT bullet_points, key_concepts FROM article_summaries WHERE post_id = $1',
      [postId],
    );
    expect(rows).toEqual([
      { bullet_points: answer.bullet_points, key_concepts: answer.key_concepts },
    ]);
  });

  test('an unknown article is 404 NOT_FOUND', async () => {
    const response = await summaryOf(site.visitor, 987_654_321);
    expect(response.status).toBe(404);
    expect((await readError(response)).reason).toBe('NOT_FOUND');
  });

  test.each([[{}], [{ post_id: 'one' }], [{ post_id: -1 }], [{ post_id: 1.5 }]])(
    'a bad body %j is 400 VALIDATION_FAILED',
    async (body) => {
      const response = await site.visitor.post('/api/post_summary', body);
      expect(response.status).toBe(400);
      expect((await readError(response)).reason).toBe('VALIDATION_FAILED');
    },
  );

  test('a title-only article is summarised from its page, read with Readability', async () => {
    pages.route('/pooling', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pageHtml);
    });
    const postId = await addArticle(site.db, {
      title: 'Connection pooling in PostgreSQL, explained',
      link: pages.url('/pooling'),
    });

    const { bullet_points: bullets, key_concepts: concepts } = await summary(site.visitor, postId);
    const articleText = words(
      pageHtml.slice(pageHtml.indexOf('<article'), pageHtml.indexOf('</article>')),
    );
    for (const bullet of bullets) {
      expect(articleText).toContain(words(bullet).split(' ').slice(1).join(' '));
      expect(bullet).not.toMatch(/newsletter|Careers|pool_mode|rights reserved/);
    }
    expect(concepts.map((concept) => concept.toLowerCase())).toEqual(
      expect.arrayContaining(['pgbouncer']),
    );
    const { rows } = await site.db.query(
      'SELECT text_source FROM article_summaries WHERE post_id = $1',
      [postId],
    );
    expect(rows).toEqual([{ text_source: 'page' }]);
  });

  test('concurrent requests for one article compute it once', async () => {
    pages.route('/slow-pooling', (_request, response) => {
      setTimeout(() => {
        response.writeHead(200, { 'content-type': 'text/html' }).end(pageHtml);
      }, 300);
    });
    const postId = await addArticle(site.db, {
      title: 'Connection pooling, slowly',
      link: pages.url('/slow-pooling'),
    });

    const answers = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const client = await site.server.client();
        return summary(client, postId);
      }),
    );
    expect(pages.hits('/slow-pooling')).toBe(1);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
  });

  test('a title-only article whose page cannot be read is 422 SUMMARY_UNAVAILABLE, not worth asking again, without inventing anything', async () => {
    pages.route('/gone', (_request, response) => response.writeHead(410).end('gone'));
    const postId = await addArticle(site.db, {
      title: 'Nothing but a title',
      link: pages.url('/gone'),
    });

    const response = await summaryOf(site.visitor, postId);
    expect(response.status).toBe(422);
    expect((await readError(response)).reason).toBe('SUMMARY_UNAVAILABLE');
    // Nothing invites a retry: the answer will be the same.
    expect(response.headers.get('retry-after')).toBeNull();

    // The failure is remembered for a while: asking again does not fetch the page again.
    expect((await summaryOf(site.visitor, postId)).status).toBe(422);
    expect(pages.hits('/gone')).toBe(1);
    const { rows } = await site.db.query('SELECT 1 FROM article_summaries WHERE post_id = $1', [
      postId,
    ]);
    expect(rows).toHaveLength(0);
  });

  test('a page that is not HTML is not summarised', async () => {
    pages.route('/paper.pdf', (_request, response) =>
      response.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4 ...'),
    );
    const postId = await addArticle(site.db, { title: 'A PDF', link: pages.url('/paper.pdf') });
    expect((await summaryOf(site.visitor, postId)).status).toBe(422);
  });
});

describe('the per-client limit on computed summaries', () => {
  let limited: TestServer;

  beforeAll(async () => {
    limited = await site.startAnother({ env: { SUMMARY_LIMIT_PER_HOUR: '2' } });
  });

  test('counts computations only: stored summaries stay available', async () => {
    await site.db.query('DELETE FROM rate_limit_counters');
    const client = await limited.client();
    const postIds = await Promise.all(
      fixtures.map(({ title, content }) => addArticle(site.db, { title, content })),
    );

    await summary(client, postIds[0]!);
    await summary(client, postIds[1]!);
    const refused = await summaryOf(client, postIds[2]!);
    expect(refused.status).toBe(429);
    expect((await readError(refused)).reason).toBe('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    // Already computed: served whatever the count.
    await summary(client, postIds[0]!);
  });
});
