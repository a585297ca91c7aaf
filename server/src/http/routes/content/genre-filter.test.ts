import type { Article } from '@blogstream/shared/contract';
import { classifyStoredGenres } from '../../../intelligence/genres/classify-stored-genres.js';
import { consoleLog } from '../../../lib/log.js';
import {
  addArticles,
  addSources,
  article,
  sourceEntry,
} from '../../../testing/content-fixtures.js';
import { feedPage, routeTestSite } from '../../../testing/route-test-site.js';

// Titles of real posts (shared corpus), each saying its kind; every one about PostgreSQL.
const POSTS = {
  incident: 'PostgreSQL outage on March 3: what went wrong with our primary',
  tutorial: 'How to set up logical replication in PostgreSQL, step by step',
  release: 'Announcing pgvector 0.8 for PostgreSQL',
  plain: 'PostgreSQL at our company',
};

const feed = (path: string, body: object) => feedPage(site.visitor, path, body);

const titles = (articles: Article[]) => articles.map((item) => item.title).sort();

const site = routeTestSite('embedded', {
  seed: async (db) => {
    const sources = await addSources(db, [sourceEntry('pg-notes', 'PG notes', ['Databases'])]);
    await addArticles(
      db,
      sources.get('pg-notes')!,
      Object.values(POSTS).map((title, index) =>
        article('pg-notes.example', title, 10 + index, { topics: ['Databases'] }),
      ),
    );
    await classifyStoredGenres(db, consoleLog('silent'));
  },
});

test("every feed's articles say their genre, or null", async () => {
  const all = await feed('/api/discover_feed', { offset: 0, limit: 10 });
  expect(Object.fromEntries(all.map((item) => [item.title, item.genre]))).toEqual({
    [POSTS.incident]: 'incident',
    [POSTS.tutorial]: 'tutorial',
    [POSTS.release]: 'release',
    [POSTS.plain]: null,
  });
});

test('home, topic and search feeds keep only the genre asked for', async () => {
  const page = { offset: 0, limit: 10, genre: 'tutorial' };
  expect(titles(await feed('/api/discover_feed', page))).toEqual([POSTS.tutorial]);
  expect(titles(await feed('/api/discover_feed/Databases', page))).toEqual([POSTS.tutorial]);
  expect(
    titles(await feed('/api/search', { ...page, queryData: 'postgresql', genre: 'incident' })),
  ).toEqual([POSTS.incident]);
  expect(
    titles(
      await feed('/api/search_for_discover_feed', {
        ...page,
        queryData: 'Databases',
        genre: 'release',
      }),
    ),
  ).toEqual([POSTS.release]);
  // No genre (or null): every article, as before genres existed.
  expect(await feed('/api/discover_feed', { offset: 0, limit: 10, genre: null })).toHaveLength(4);
});

test('an unknown genre is refused with its reason', async () => {
  const response = await site.visitor.post('/api/discover_feed', {
    offset: 0,
    limit: 10,
    genre: 'gossip',
  });
  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({ reason: 'VALIDATION_FAILED' });
});
