import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import {
  filterOnDay,
  idPathSegmentSchema,
  searchPagePath,
  type Article,
  type FeedFilter,
  type RssFeedEntry,
} from '@blogstream/shared/contract';
import { ACCOUNT_TYPE, findTopic, SITE_NAME, TOPICS } from '@blogstream/shared/lib';
import type { AccountsConfig } from '../../../accounts/accounts-config.js';
import type { Db } from '../../../db/db.js';
import { discoverFeed, newestMatches, newestPostId, type FeedPage } from '../../../db/feeds.js';
import { findSavedSearch, savedSearchesOf } from '../../../db/saved-searches.js';
import {
  ensureRssToken,
  rssReaderById,
  rssReaderByToken,
  type RssReader,
} from '../../../db/rss-tokens.js';
import { ApiFailure } from '../../api-failure.js';
import type { App } from '../../app-type.js';
import { requireUserId } from '../../current-user.js';
import { rssDocument } from './rss-document.js';
import { serve } from '../../endpoint.js';

export const RSS_ITEMS = 50;
const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const isPremium = (reader: RssReader | undefined): reader is RssReader =>
  reader?.account_type === ACCOUNT_TYPE.PREMIUM;

function feedUrl(origin: string, token: string, topic?: string): string {
  const path = topic ? `/rss/discover_feed/${encodeURIComponent(topic)}` : '/rss/discover_feed';
  return `${origin}${path}?token=${token}`;
}

/** A saved search's feed (docs/decisions/0040-saved-searches.md), on the same token. */
function savedSearchFeedUrl(origin: string, token: string, savedSearchId: number): string {
  return `${origin}/rss/saved_search/${savedSearchId}?token=${token}`;
}

/**
 * RSS for premium readers. Feed readers cannot sign in, so each feed URL carries the reader's
 * secret token (?token=, 256 random bits, kept in users.rss_token and redacted from logs); an
 * unknown token, or one of a reader who is no longer premium, gets 403.
 */
export function registerRssRoutes(
  app: App,
  accounts: Pick<AccountsConfig, 'publicUrl'>,
  db: Db,
): void {
  const origin = accounts.publicUrl;

  serve(app, 'rssFeeds', async (request): Promise<RssFeedEntry[]> => {
    const reader = await rssReaderById(db, requireUserId(request));
    if (!isPremium(reader)) {
      throw new ApiFailure(403, 'PREMIUM_REQUIRED', 'RSS feeds come with a premium account.');
    }
    const token = await ensureRssToken(
      db,
      reader.user_id,
      randomBytes(TOKEN_BYTES).toString('base64url'),
    );
    const topics = reader.topics && reader.topics.length > 0 ? reader.topics : TOPICS;
    const savedSearches = await savedSearchesOf(db, reader.user_id);
    return [
      { name: 'All my topics', url: feedUrl(origin, token) },
      ...topics.map((topic) => ({ topic, url: feedUrl(origin, token, topic) })),
      ...savedSearches.map((saved) => ({
        name: `Saved search: ${saved.name}`,
        url: savedSearchFeedUrl(origin, token, saved.savedSearchId),
      })),
    ];
  });

  const querySchema = z.object({ token: z.string().max(100).optional() });

  async function premiumReader(token: string | undefined): Promise<RssReader> {
    const reader =
      token && TOKEN_PATTERN.test(token) ? await rssReaderByToken(db, token) : undefined;
    if (!isPremium(reader)) {
      throw new ApiFailure(403, 'FORBIDDEN', 'This feed needs the link from your RSS page.');
    }
    return reader;
  }

  /** The first RSS_ITEMS of a feed as of now. */
  async function rssPage(filter?: FeedFilter): Promise<FeedPage> {
    return {
      offset: 0,
      limit: RSS_ITEMS,
      snapshot: await newestPostId(db),
      takenAt: Date.now(),
      filter,
    };
  }

  /** Feed readers expect newest first, so RSS is not ranked like the site's discover feed. */
  async function articles(reader: RssReader, topics: string[] | null): Promise<Article[]> {
    return discoverFeed(db, reader.user_id, topics, await rssPage());
  }

  function sendFeed(reply: FastifyReply, document: string) {
    return reply
      .type('application/rss+xml; charset=utf-8')
      .header('cache-control', 'private, max-age=300')
      .send(document);
  }

  app.get(
    '/rss/discover_feed',
    { schema: { querystring: querySchema } },
    async (request, reply) => {
      const reader = await premiumReader(request.query.token);
      const document = rssDocument({
        title: `${SITE_NAME}: my topics`,
        description: `The newest articles in your ${SITE_NAME} topics.`,
        siteUrl: `${origin}/`,
        feedUrl: feedUrl(origin, request.query.token!),
        articles: await articles(reader, reader.topics),
      });
      return sendFeed(reply, document);
    },
  );

  app.get(
    '/rss/discover_feed/:topic',
    { schema: { querystring: querySchema, params: z.object({ topic: z.string().max(100) }) } },
    async (request, reply) => {
      const reader = await premiumReader(request.query.token);
      const topic = findTopic(request.params.topic);
      if (!topic) throw new ApiFailure(404, 'UNKNOWN_TOPIC', 'There is no such topic.');
      const document = rssDocument({
        title: `${SITE_NAME}: ${topic}`,
        description: `The newest ${topic} articles on ${SITE_NAME}.`,
        siteUrl: `${origin}/topic/${encodeURIComponent(topic)}`,
        feedUrl: feedUrl(origin, request.query.token!, topic),
        articles: await articles(reader, [topic]),
      });
      return sendFeed(reply, document);
    },
  );

  app.get(
    '/rss/saved_search/:savedSearchId',
    {
      schema: {
        querystring: querySchema,
        params: z.object({ savedSearchId: idPathSegmentSchema }),
      },
    },
    async (request, reply) => {
      const reader = await premiumReader(request.query.token);
      const { savedSearchId } = request.params;
      // The token's reader's own saved search only: another's is as missing as no saved search.
      const saved = await findSavedSearch(db, reader.user_id, savedSearchId);
      if (!saved) throw new ApiFailure(404, 'NOT_FOUND', 'Saved search not found.');
      const document = rssDocument({
        title: `${SITE_NAME}: ${saved.name}`,
        description: `The newest articles matching your ${SITE_NAME} saved search ${saved.name}.`,
        siteUrl: origin + searchPagePath(saved.query, saved.filter),
        feedUrl: savedSearchFeedUrl(origin, request.query.token!, savedSearchId),
        articles: await newestMatches(db, {
          query: saved.query,
          userId: reader.user_id,
          // A saved period ("Past week") counts back from today (decision 0040).
          page: await rssPage(filterOnDay(saved.filter)),
        }),
      });
      return sendFeed(reply, document);
    },
  );
}
