import { z } from 'zod';
import {
  endpointRoutes,
  FEED_ENDPOINTS,
  idSchema,
  MAX_SEARCH_CHARS,
  type FeedRequest,
} from '@blogstream/shared/contract';
import { findTopic } from '@blogstream/shared/lib';
import type { FeedRoutesConfig } from './content-services.js';
import type { Db } from '../../../db/db.js';
import { userTopics } from '../../../db/profile.js';
import {
  demoArticles,
  demoCandidateIds,
  demoTexts,
  newestMatches,
  sourceFeed,
  subscriptionsFeed,
} from '../../../db/feeds.js';
import { findSource } from '../../../db/source-lists.js';
import type { DiscoverFeedRanker } from '../../../intelligence/ranking/discover-feed.js';
import { topicPage } from '../../../intelligence/ranking/topic-page.js';
import type { SemanticSearch } from '../../../intelligence/search/hybrid-search.js';
import { searchArticles } from '../../../intelligence/search/site-search.js';
import type { LexicalIndex } from '../../../intelligence/search/lexical/lexical-index.js';
import { moreLikeThis } from '../../../intelligence/search/more-like-this.js';
import type { RankingCache } from '../../../intelligence/search/ranking-cache.js';
import { createSummaryDemoPicker } from '../../../intelligence/summaries/summary-demo.js';
import { ApiFailure } from '../../api-failure.js';
import type { App } from '../../app-type.js';
import { requireUserId } from '../../current-user.js';
import { limitPerReader } from '../../reader-admission.js';
import { feedPage } from './feed-page.js';
import { PublicPageCache } from './public-page-cache.js';
import { serve } from '../../endpoint.js';

/** The "All" pill of the home feed is no topic: it means the reader's whole discover feed. */
const ALL_TOPICS = 'all';
/** Demo cards judged for the summary demo: the newest good cards, a few pages deep. */
const SUMMARY_DEMO_CANDIDATES = 30;

function searchText(body: FeedRequest): string {
  const text = typeof body.queryData === 'string' ? body.queryData.trim() : '';
  if (!text) throw new ApiFailure(400, 'BAD_REQUEST', 'queryData must be the text to search for.');
  return text.slice(0, MAX_SEARCH_CHARS);
}

/**
 * The calls whose cost grows with what a reader filters (mutes, Hide read): one reader's turns.
 * Every feed but the reader's own lists, which show all they hold.
 */
const READER_FILTERED = FEED_ENDPOINTS.filter(
  (name) => name !== 'bookmarksFeed' && name !== 'collectionFeed',
);

export interface FeedServices {
  lexical: LexicalIndex;
  semantic: () => Promise<SemanticSearch | null>;
  ranker: DiscoverFeedRanker;
  /** Search rankings and more-like-this layouts, per query or article and snapshot. */
  rankings: RankingCache<number[]>;
}

/**
 * The feed calls of spec §7 that read articles: discover, topic, search, more-like-this, source,
 * subscriptions.
 */
export function registerFeedRoutes(
  app: App,
  config: FeedRoutesConfig,
  db: Db,
  { lexical, semantic, ranker, rankings }: FeedServices,
): void {
  const secureCookie = config.accounts.secureCookies;
  limitPerReader(
    app,
    new Set(READER_FILTERED.map((name) => endpointRoutes[name].path)),
    config.readerAdmission,
  );

  // The first pages every visitor gets alike: discover, a topic's, a source's, a topic page's.
  const firstPages = new PublicPageCache(db, secureCookie);

  serve(app, 'discoverFeed', (request, reply) =>
    firstPages.answer(request, reply, request.body, async () => {
      const page = await feedPage(db, request, reply, request.body, secureCookie);
      const { userId } = request;
      const topics = userId === null ? null : await userTopics(db, userId);
      return {
        articles: await ranker.page({ userId, topics: topics ?? [], home: true }, page),
        page,
      };
    }),
  );

  serve(app, 'topicFeed', (request, reply) =>
    firstPages.answer(request, reply, request.body, async () => {
      const { term } = request.params;
      const topic = findTopic(term);
      if (!topic && term.toLowerCase() !== ALL_TOPICS) {
        throw new ApiFailure(404, 'UNKNOWN_TOPIC', `There is no topic called ${term}.`);
      }
      const page = await feedPage(db, request, reply, request.body, secureCookie);
      const { userId } = request;
      const topics = topic ? [topic] : userId === null ? null : await userTopics(db, userId);
      return { articles: await ranker.page({ userId, topics: topics ?? [] }, page), page };
    }),
  );

  serve(app, 'search', async (request, reply) => {
    const query = searchText(request.body);
    const page = await feedPage(db, request, reply, request.body, secureCookie);
    return searchArticles({ db, lexical, semantic, rankings }, query, request.userId, page);
  });

  serve(app, 'searchNewest', (request, reply) =>
    firstPages.answer(request, reply, request.body, async () => {
      const query = searchText(request.body);
      const page = await feedPage(db, request, reply, request.body, secureCookie);
      // A topic page searches its topic's name: it gets the best articles on the topic (decision 0031).
      const topic = findTopic(query);
      const articles = topic
        ? await topicPage(db, topic, request.userId, page)
        : await newestMatches(db, { query, userId: request.userId, page });
      return { articles, page };
    }),
  );

  serve(app, 'moreLikeThis', async (request, reply) => {
    const postId = z.coerce.number().pipe(idSchema).safeParse(request.body.queryData);
    if (!postId.success) {
      throw new ApiFailure(400, 'BAD_REQUEST', 'queryData must be the id of an article.');
    }
    const page = await feedPage(db, request, reply, request.body, secureCookie);
    const articles = await moreLikeThis(
      { db, lexical, semantic, layouts: rankings },
      postId.data,
      request.userId,
      page,
    );
    if (!articles) throw new ApiFailure(404, 'NOT_FOUND', 'Article not found.');
    return articles;
  });

  serve(app, 'sourceFeed', (request, reply) =>
    firstPages.answer(request, reply, request.body, async () => {
      const { sourceId } = request.params;
      if (!(await findSource(db, { sourceId }, null))) {
        throw new ApiFailure(404, 'NOT_FOUND', 'Source not found.');
      }
      const page = await feedPage(db, request, reply, request.body, secureCookie);
      return { articles: await sourceFeed(db, sourceId, request.userId, page), page };
    }),
  );

  serve(app, 'subscriptionsFeed', async (request, reply) => {
    const userId = requireUserId(request);
    const page = await feedPage(db, request, reply, request.body, secureCookie);
    return subscriptionsFeed(db, userId, page);
  });

  // The first demo card is the landing page's summary demo: an article that makes a summary
  // (docs/decisions/0009), among the best demo cards.
  const pickSummaryDemo = createSummaryDemoPicker();
  serve(app, 'demoArticles', async (request) => {
    const candidates = await demoCandidateIds(db, request.userId, SUMMARY_DEMO_CANDIDATES);
    const summaryDemo = await pickSummaryDemo(candidates, (postIds) => demoTexts(db, postIds));
    return demoArticles(db, request.userId, request.body.n_articles, summaryDemo ?? null);
  });
}
