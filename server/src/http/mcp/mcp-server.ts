/**
 * The archive for AI agents over the Model Context Protocol (docs/decisions/0038, "Since"):
 * read-only tools calling the services the site's routes call, with a visitor's scope (no
 * account, no personal signals) and the site's per-client limits. `get_article` gives an
 * article's card, its summary and its link, never its stored text.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import {
  API_VERSION,
  askRequestSchema,
  idSchema,
  MAX_SEARCH_CHARS,
  type Article,
  type Summary,
} from '@blogstream/shared/contract';
import { articlesInOrder } from '../../db/articles.js';
import { newestPostId, type FeedPage } from '../../db/feeds.js';
import { ASK_LIMIT_MESSAGE } from '../../intelligence/ask/ask-service.js';
import { moreLikeThis } from '../../intelligence/search/more-like-this.js';
import { searchArticles } from '../../intelligence/search/site-search.js';
import type { Log } from '../../lib/log.js';
import type { HourlyRateLimit } from '../../intelligence/summaries/summary-rate-limit.js';
import { SummaryUnavailableError } from '../../intelligence/summaries/summary-service.js';
import type { ContentServices } from '../routes/content/content-services.js';

/** Articles a search or similar tool answers at most, and by default. */
const MAX_ARTICLES = 20;
const DEFAULT_ARTICLES = 10;

const INSTRUCTIONS =
  'Blogstream is an archive of first-party engineering blogs. Use `ask` for a question: its ' +
  'answer quotes (or, with a chat model, writes and checks) sentences, each citing a passage ' +
  'with a link that opens the article at it; it abstains when no article answers. Use `search` ' +
  'and `similar` to find articles, and `get_article` for one article’s summary and link.';

/** A tool's refusal: what went wrong, for the agent to read. */
class ToolRefusal extends Error {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

/** An article as an agent reads it: what it is, where, and its link (no stored text). */
function agentArticle(article: Article) {
  return {
    post_id: article.post_id,
    title: article.title,
    description: article.description,
    link: article.link,
    source: article.source_name,
    published: article.publishing_date,
    topics: article.topics,
    genre: article.genre,
  };
}

/** A summary with each bullet point's source sentence and its link into the article. */
function agentSummary(summary: Summary) {
  return {
    bullet_points: summary.bullet_points.map((text, index) => ({
      text,
      source: summary.bullet_sources?.[index] ?? null,
    })),
    key_concepts: summary.key_concepts,
  };
}

const answer = (value: unknown): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(value, null, 2) }],
});

const refusal = (reason: string, message: string): CallToolResult => ({
  isError: true,
  content: [{ type: 'text', text: `${reason}: ${message}` }],
});

/**
 * Runs a tool: its answer as JSON text, or an error result naming the reason (an unexpected
 * failure is logged, and the agent told no more than the site would tell a reader).
 */
async function run(log: Log, tool: string, work: () => Promise<unknown>): Promise<CallToolResult> {
  try {
    return answer(await work());
  } catch (error) {
    if (error instanceof ToolRefusal) return refusal(error.reason, error.message);
    log.error({ err: error, tool }, 'An MCP tool failed');
    return refusal('INTERNAL_ERROR', 'Something went wrong. Please try again.');
  }
}

async function charge(limit: HourlyRateLimit, client: string, message: string): Promise<void> {
  const retryAfter = await limit(client);
  if (retryAfter > 0) {
    throw new ToolRefusal('RATE_LIMITED', `${message} Retry after ${retryAfter} seconds.`);
  }
}

async function firstPage(services: ContentServices, limit: number): Promise<FeedPage> {
  return { offset: 0, limit, snapshot: await newestPostId(services.db), takenAt: Date.now() };
}

const articleCount = z
  .number()
  .int()
  .min(1)
  .max(MAX_ARTICLES)
  .default(DEFAULT_ARTICLES)
  .describe(`How many articles, 1-${MAX_ARTICLES}.`);
const postId = idSchema.describe('The article’s post_id, as search, similar and ask give it.');
const READ_ONLY = { readOnlyHint: true, destructiveHint: false, openWorldHint: false } as const;

/** The tools an agent may call: what `tools/list` and the OpenAPI document say of each. */
export const MCP_TOOLS = {
  search: {
    title: 'Search the archive',
    description:
      'Articles matching the words or the meaning of a query, best first, as the site’s search ranks them.',
  },
  similar: {
    title: 'More like this',
    description: 'Articles on what one article is about, as the site’s More like this finds them.',
  },
  get_article: {
    title: 'An article',
    description:
      'One article: its title, blog, date, topics and link, and its summary, each point with the sentence of the article it comes from and a link to it. Not the article’s text: read it at its link.',
  },
  ask: {
    title: 'Ask the archive',
    description:
      'An answer to a question from what engineers wrote: 3-8 sentences, each citing passages [n]; each citation has the passage and a link opening the article at it. `abstained` is true, with the nearest articles, when no article answers.',
  },
} as const satisfies Record<string, { title: string; description: string }>;

/**
 * The MCP server of one client: `client` is what its limits count under (its address over HTTP;
 * `stdio` for a local agent).
 */
export function createMcpServer(services: ContentServices, client: string, log: Log): McpServer {
  const { db, summaries, ask } = services;
  const server = new McpServer(
    { name: 'blogstream', version: API_VERSION },
    { instructions: INSTRUCTIONS },
  );

  server.registerTool(
    'search',
    {
      ...MCP_TOOLS.search,
      inputSchema: {
        query: z.string().trim().min(1).max(MAX_SEARCH_CHARS).describe('What to search for.'),
        limit: articleCount,
      },
      annotations: READ_ONLY,
    },
    ({ query, limit }) =>
      run(log, 'search', async () => {
        const page = await firstPage(services, limit);
        return (await searchArticles(services, query, null, page)).map(agentArticle);
      }),
  );

  server.registerTool(
    'similar',
    {
      ...MCP_TOOLS.similar,
      inputSchema: { post_id: postId, limit: articleCount },
      annotations: READ_ONLY,
    },
    ({ post_id, limit }) =>
      run(log, 'similar', async () => {
        // The site's layout opens with the article itself: one more, and it left out.
        const page = await firstPage(services, limit + 1);
        const layouts = services.rankings;
        const similar = await moreLikeThis({ ...services, layouts }, post_id, null, page);
        if (!similar) throw new ToolRefusal('NOT_FOUND', `There is no article ${post_id}.`);
        return similar
          .filter((article) => article.post_id !== post_id)
          .slice(0, limit)
          .map(agentArticle);
      }),
  );

  server.registerTool(
    'get_article',
    {
      ...MCP_TOOLS.get_article,
      inputSchema: { post_id: postId },
      annotations: READ_ONLY,
    },
    ({ post_id }) =>
      run(log, 'get_article', async () => {
        const [article] = await articlesInOrder(db, [post_id], null);
        if (!article) throw new ToolRefusal('NOT_FOUND', `There is no article ${post_id}.`);
        const beforeCompute = () =>
          charge(summaries.rateLimit, client, 'Too many summaries requested.');
        const summary = await summaries.service
          .summaryFor(post_id, { beforeCompute })
          .catch((error: unknown) => {
            if (error instanceof SummaryUnavailableError) return null;
            throw error;
          });
        return { ...agentArticle(article), summary: summary && agentSummary(summary) };
      }),
  );

  server.registerTool(
    'ask',
    {
      ...MCP_TOOLS.ask,
      inputSchema: askRequestSchema.shape,
      annotations: READ_ONLY,
    },
    ({ question }) =>
      run(log, 'ask', async () => {
        await charge(ask.rateLimit, client, ASK_LIMIT_MESSAGE);
        const response = await ask.answer(question, null);
        return { ...response, articles: response.articles.map(agentArticle) };
      }),
  );

  return server;
}
