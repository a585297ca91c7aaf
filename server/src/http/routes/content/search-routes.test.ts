import type { Article } from '@blogstream/shared/contract';
import {
  addArticles,
  addSources,
  article,
  sourceEntry,
} from '../../../testing/content-fixtures.js';
import { addSubjectArticles, embedAll, postIdOf } from '../../../testing/intelligence-fixtures.js';
import { jest } from '@jest/globals';
import { LexicalIndex } from '../../../intelligence/search/lexical/lexical-index.js';
import { MAX_PER_SOURCE_PER_PAGE } from '../../../intelligence/search/more-like-this.js';
import { feedPage, routeTestSite } from '../../../testing/route-test-site.js';

const feed = (path: string, body: object, client = site.visitor) => feedPage(client, path, body);

const titles = (articles: Article[]) => articles.map((item) => item.title);

const TECHNICAL_TITLES = [
  'Modules in C++20 at last',
  'Writing portable C for small devices',
  'Autoscaling on k8s with KEDA',
  'Moving our internal APIs to gRPC',
  'Upgrading to Node.js 22',
  'Node 18 reaches end of life',
];

const site = routeTestSite('embedded', {
  seed: async (db) => {
    await addSubjectArticles(db);
    // Prolific sources writing about one subject: more-like-this must not let one take over.
    const kafkaSources = await addSources(
      db,
      ['kafka-a', 'kafka-b', 'kafka-c', 'kafka-d'].map((name) => sourceEntry(name, name, [])),
    );
    for (const name of ['kafka-a', 'kafka-b', 'kafka-c', 'kafka-d']) {
      await addArticles(
        db,
        kafkaSources.get(name)!,
        Array.from({ length: 5 }, (_, index) =>
          article(
            `${name}.example`,
            `Kafka partition rebalancing at ${name}, part ${index + 1}`,
            30 + index,
            {
              description:
                'Consumer groups, partition assignment and lag when Kafka brokers restart.',
            },
          ),
        ),
      );
    }
    const tech = await addSources(db, [sourceEntry('tech', 'Tech notes', [])]);
    await addArticles(
      db,
      tech.get('tech')!,
      TECHNICAL_TITLES.map((title, index) => article('tech.example', title, 50 + index)),
    );
    // Shares one rare word with the Kafka article ("idempotent") and nothing of its subject.
    const garden = await addSources(db, [sourceEntry('garden', 'Garden notes', [])]);
    await addArticles(db, garden.get('garden')!, [
      article('garden.example', 'Tomatoes in July', 60, {
        description:
          'Watering by hand twice a day with the idempotent old hose; the tomatoes loved the heat.',
      }),
    ]);
    // An article in the technical words a lay question does not use (decision 0033).
    const llm = await addSources(db, [sourceEntry('llm', 'Model notes', [])]);
    await addArticles(db, llm.get('llm')!, [
      article('llm.example', 'Grounding answers to curb hallucination', 70, {
        description: 'Retrieval and citations keep the factuality of generated text in check.',
      }),
    ]);
    // A real article on a rare word, and a long essay that mentions it once in passing.
    const words = await addSources(db, [
      sourceEntry('tables', 'Table care', []),
      sourceEntry('essays', 'Long walks', []),
    ]);
    await addArticles(db, words.get('tables')!, [
      article('tables.example', 'How vacuum keeps PostgreSQL tables healthy', 80, {
        description: 'Dead rows pile up after every update; vacuum reclaims their space.',
      }),
    ]);
    await addArticles(db, words.get('essays')!, [
      article('essays.example', 'Notes from a long walk', 81, {
        description: 'A morning along the river, and what the season brought.',
        content: [
          'The path follows the river for an hour before it turns towards the hills.',
          'One should never leave a vacuum in the things one loves; they fade.',
          ...Array.from(
            { length: 30 },
            (_, index) =>
              `Stretch ${index + 1}: herons in the reeds, a bridge, an orchard and a quiet village.`,
          ),
        ].join('\n'),
      }),
    ]);
  },
});

beforeAll(async () => {
  await embedAll(site.db, site.server.config);
});

describe('/search', () => {
  test('finds exact terms: a technology, a phrase and an acronym', async () => {
    const kafka = await feed('/api/search', { queryData: 'kafka', offset: 0, limit: 5 });
    expect(kafka.every((item) => /kafka/i.test(`${item.title} ${item.description}`))).toBe(true);

    const flame = await feed('/api/search', { queryData: 'flame graphs', offset: 0, limit: 5 });
    expect(flame[0]?.title).toBe('Flame graphs for finding CPU hotspots');

    const crdt = await feed('/api/search', { queryData: 'CRDT', offset: 0, limit: 5 });
    expect(crdt[0]?.title).toBe('CRDTs for collaborative text editing');
  });

  test('a technical-token query finds its article', async () => {
    for (const [query, title] of [
      ['c++', 'Modules in C++20 at last'],
      ['K8S', 'Autoscaling on k8s with KEDA'],
      ['grpc', 'Moving our internal APIs to gRPC'],
      ['nodejs 22', 'Upgrading to Node.js 22'],
    ] as const) {
      const found = await feed('/api/search', { queryData: query, offset: 0, limit: 5 });
      expect([query, found[0]?.title]).toEqual([query, title]);
    }
  });

  test('a nonsense query gives an empty result', async () => {
    const response = await site.visitor.post('/api/search', {
      queryData: 'zxqv florp blarg',
      offset: 0,
      limit: 12,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
  });

  test('finds articles by meaning when the words differ', async () => {
    const rollout = await feed('/api/search', {
      queryData: 'how do big companies roll out features safely',
      offset: 0,
      limit: 3,
    });
    expect(titles(rollout)).toContain('Feature flags at scale');

    const leak = await feed('/api/search', {
      queryData: 'my program uses more and more memory',
      offset: 0,
      limit: 3,
    });
    expect(titles(leak)).toContain('Hunting a memory leak in a Go service');
  });

  test('a question in everyday words finds the article that uses the technical ones', async () => {
    const found = await feed('/api/search', {
      queryData: 'why does the chatbot make things up',
      offset: 0,
      limit: 3,
    });
    expect(titles(found)).toContain('Grounding answers to curb hallucination');
  });

  test('a rare word finds the article about it, not one mentioning it once in passing', async () => {
    const found = await feed('/api/search', { queryData: 'vacuum', offset: 0, limit: 12 });
    expect(titles(found)[0]).toBe('How vacuum keeps PostgreSQL tables healthy');
    expect(titles(found)).not.toContain('Notes from a long walk');
  });

  test('pages by offset and limit without repeating an article', async () => {
    const client = await site.server.client();
    const query = { queryData: 'kafka consumers partitions' };
    const whole = await feed('/api/search', { ...query, offset: 0, limit: 24 }, client);
    const first = await feed('/api/search', { ...query, offset: 0, limit: 8 }, client);
    const second = await feed('/api/search', { ...query, offset: 8, limit: 8 }, client);
    const third = await feed('/api/search', { ...query, offset: 16, limit: 8 }, client);
    const paged = [...first, ...second, ...third].map((item) => item.post_id);

    expect(paged).toEqual(whole.map((item) => item.post_id));
    expect(new Set(paged).size).toBe(paged.length);
  });

  test('a scroll never repeats an article when articles change between its pages', async () => {
    const reader = await site.server.client();
    const query = { queryData: 'kafka consumers partitions' };
    const first = await feed('/api/search', { ...query, offset: 0, limit: 8 }, reader);
    // Another reader's search shows what ranks lower; a page visit then rewrites one of those
    // articles so that it would now rank first.
    const whole = await feed('/api/search', { ...query, offset: 0, limit: 24 });
    const risen = whole[12]!;
    await site.db.query(
      `UPDATE articles SET title = 'Kafka consumers and partitions: kafka consumers explained',
              updated_at = now() WHERE post_id = $1`,
      [risen.post_id],
    );

    const second = await feed('/api/search', { ...query, offset: 8, limit: 8 }, reader);
    const firstIds = new Set(first.map((item) => item.post_id));
    expect(second.filter((item) => firstIds.has(item.post_id))).toEqual([]);
    expect(second.map((item) => item.post_id)).toEqual(whole.slice(8, 16).map((a) => a.post_id));
  });

  test('while the lexical index is still being built, full text answers, newest first', async () => {
    // A first build takes a minute at 100,000 articles; here it is made to seem still running.
    const building = jest.spyOn(LexicalIndex.prototype, 'readyWithin').mockResolvedValue(false);
    try {
      const found = await feed('/api/search', { queryData: 'kafka', offset: 0, limit: 5 });
      expect(found).toHaveLength(5);
      expect(found.every((item) => /kafka/i.test(`${item.title} ${item.description}`))).toBe(true);
      const dates = found.map((item) => item.publishing_date ?? '');
      expect(dates).toEqual([...dates].sort().reverse());
    } finally {
      building.mockRestore();
    }
  });

  test('cuts a very long query instead of failing, and refuses an empty one', async () => {
    const long = await site.visitor.post('/api/search', {
      queryData: 'kafka '.repeat(2000),
      offset: 0,
      limit: 5,
    });
    expect(long.status).toBe(200);

    for (const queryData of ['', '   ', null]) {
      const response = await site.visitor.post('/api/search', { queryData, offset: 0, limit: 5 });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { reason: string }).reason).toBe('BAD_REQUEST');
    }
  });
});

describe('/more_like_this', () => {
  test('starts with the article itself, then similar ones, at most 3 per source', async () => {
    const postId = await postIdOf(site.db, 'Exactly-once delivery in Kafka consumers');
    const page = await feed('/api/more_like_this', { queryData: postId, offset: 0, limit: 13 });

    expect(page).toHaveLength(13);
    expect(page[0]!.post_id).toBe(postId);
    const perSource = new Map<string, number>();
    for (const item of page.slice(1)) {
      perSource.set(item.source_url_name, (perSource.get(item.source_url_name) ?? 0) + 1);
    }
    expect(Math.max(...perSource.values())).toBeLessThanOrEqual(MAX_PER_SOURCE_PER_PAGE);
    // The closest articles are about Kafka too.
    expect(titles(page.slice(1, 4)).every((title) => /kafka|stream/i.test(title))).toBe(true);
  });

  test('a rare word shared with an article about something else does not make it similar', async () => {
    const postId = await postIdOf(site.db, 'Exactly-once delivery in Kafka consumers');
    const seen: Article[] = [];
    for (let offset = 0; ; offset += 13) {
      const page = await feed('/api/more_like_this', { queryData: postId, offset, limit: 13 });
      seen.push(...page);
      if (page.length < 13) break;
    }

    expect(titles(seen)).not.toContain('Tomatoes in July');
  });

  test('never shows an article twice across pages', async () => {
    const client = await site.server.client();
    const postId = await postIdOf(site.db, 'Exactly-once delivery in Kafka consumers');
    const seen: number[] = [];
    for (let offset = 0; ; offset += 13) {
      const page = await feed(
        '/api/more_like_this',
        { queryData: postId, offset, limit: 13 },
        client,
      );
      seen.push(...page.map((item) => item.post_id));
      if (page.length < 13) break;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThan(13);
  });

  test('an unknown article is 404 and a missing id is 400', async () => {
    const unknown = await site.visitor.post('/api/more_like_this', {
      queryData: 99_999_999,
      offset: 0,
      limit: 13,
    });
    expect(unknown.status).toBe(404);
    const missing = await site.visitor.post('/api/more_like_this', {
      queryData: 'x',
      offset: 0,
      limit: 13,
    });
    expect(missing.status).toBe(400);
  });
});
