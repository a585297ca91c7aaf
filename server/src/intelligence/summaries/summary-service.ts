/**
 * Article summaries for the API and the digest: read from article_summaries, else computed once
 * (one computation per article at a time in this process) and stored. The text is the stored
 * article text, or the article's page when that is too short to summarise; the configured chat
 * model writes the summary, with the offline summariser as the default and the fallback on any
 * failure. Every bullet point carries the article's sentence it comes from, linked into the page.
 */
import { summarySchema, type Summary } from '@blogstream/shared/contract';
import type { Db } from '../../db/db.js';
import {
  articleWithSummary,
  deleteSummary,
  storeSummary,
  type ArticleWithSummary,
  type SummaryProvider,
  type SummaryTextSource,
} from '../../db/summaries.js';
import type { Fetcher } from '../../ingestion/fetch/fetcher.js';
import { absoluteHttpUrl } from '../../ingestion/normalise/canonical-link.js';
import type { Log } from '../../lib/log.js';
import { ChatModelError } from './chat-model.js';
import { summariseWithLlm } from './llm-summariser.js';
import {
  isSummarisable,
  OFFLINE_MODEL,
  prepareText,
  summarisePrepared,
  type PreparedText,
  type SourcedSummary,
} from './offline-summariser.js';
import { fetchPageText, PageTextError } from './page-text.js';
import type { SummariesConfig } from './summaries-config.js';
import { closestSentences, sentenceLink } from './text/sentence-links.js';

export interface SummaryServiceOptions {
  db: Db;
  summaries: SummariesConfig;
  fetcher: Fetcher;
  log: Log;
}

export interface SummaryRequestOptions {
  /**
   * Runs just before a summary is computed: not when it is stored, nor when another request is
   * already computing it. A rate limit throws here.
   */
  beforeCompute?: () => Promise<void>;
}

export interface SummaryService {
  /**
   * The article's summary; null when there is no such article. Throws SummaryUnavailableError
   * when the article's text cannot be had (a title-only article whose page cannot be read).
   */
  summaryFor(postId: number, options?: SummaryRequestOptions): Promise<Summary | null>;
}

export class SummaryUnavailableError extends Error {
  override name = 'SummaryUnavailableError';

  constructor(
    readonly postId: number,
    /** PAGE_UNREADABLE: too little stored text and the page failed; TOO_SHORT: the page is short too. */
    readonly code: 'PAGE_UNREADABLE' | 'TOO_SHORT',
  ) {
    super(
      code === 'PAGE_UNREADABLE'
        ? `article ${postId} has too little stored text and its page could not be read`
        : `article ${postId} is too short to summarise`,
    );
  }
}

/** A page that failed is not asked for again within this time (per process). */
const PAGE_FAILURE_TTL_MS = 10 * 60_000;
const MAX_REMEMBERED_FAILURES = 1000;
/** With a chat model configured, an offline summary (a fallback) is retried after this long. */
export const LLM_RETRY_AFTER_MS = 60 * 60_000;

/**
 * A stored or new summary as the API serves it: each source sentence linked into the page. An
 * article whose link is not http(s) gets no sentence links: they would carry its scheme.
 */
function served(link: string, summary: SourcedSummary): Summary {
  const linkable = absoluteHttpUrl(link) !== undefined;
  return {
    bullet_points: summary.bullet_points,
    key_concepts: summary.key_concepts,
    bullet_sources: summary.bullet_sources.map((sentence) => ({
      sentence,
      link: linkable ? sentenceLink(link, sentence) : '',
    })),
  };
}

/** Removes the API key from anything about to be logged. */
function redact(text: string, secret: string | undefined): string {
  return secret ? text.split(secret).join('[redacted]') : text;
}

export function createSummaryService(options: SummaryServiceOptions): SummaryService {
  const { db, summaries, fetcher, log } = options;
  const llm = summaries.llm;
  const inFlight = new Map<number, Promise<Summary | null>>();
  const pageFailures = new Map<number, number>();

  function pageFailedRecently(postId: number): boolean {
    const until = pageFailures.get(postId);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    pageFailures.delete(postId);
    return false;
  }

  function rememberPageFailure(postId: number): void {
    pageFailures.delete(postId);
    pageFailures.set(postId, Date.now() + PAGE_FAILURE_TTL_MS);
    if (pageFailures.size > MAX_REMEMBERED_FAILURES) {
      const oldest = pageFailures.keys().next().value;
      if (oldest !== undefined) pageFailures.delete(oldest);
    }
  }

  /**
   * The text to summarise: the stored text (ingestion stores the page's text when the feed has
   * none), else the page when the stored text, less what the preview says, is too short.
   */
  async function articleText(
    postId: number,
    row: ArticleWithSummary,
  ): Promise<{ prepared: PreparedText; text: string; source: SummaryTextSource }> {
    const storedText = row.content.length >= row.description.length ? row.content : row.description;
    const stored = {
      prepared: prepareText(row.title, storedText, row.description),
      text: storedText,
    };
    if (isSummarisable(stored.prepared)) return { ...stored, source: 'stored' };
    let pageFailed = pageFailedRecently(postId);
    if (!pageFailed) {
      try {
        const pageText = await fetchPageText(fetcher, row.link);
        const page = {
          prepared: prepareText(row.title, pageText, row.description),
          text: pageText,
        };
        if (page.prepared.points.length > stored.prepared.points.length) {
          return { ...page, source: 'page' };
        }
      } catch (error) {
        pageFailed = true;
        rememberPageFailure(postId);
        log.warn(
          {
            postId,
            link: row.link,
            code: error instanceof PageTextError ? error.code : 'UNEXPECTED',
            err: (error as Error).message,
          },
          'Could not read the article page to summarise',
        );
      }
    }
    // Too short either way: do not fetch the page again on every click.
    if (!pageFailed) rememberPageFailure(postId);
    throw new SummaryUnavailableError(postId, pageFailed ? 'PAGE_UNREADABLE' : 'TOO_SHORT');
  }

  async function write(
    postId: number,
    title: string,
    prepared: PreparedText,
    text: string,
  ): Promise<{ summary: SourcedSummary; provider: SummaryProvider; model: string }> {
    if (llm) {
      try {
        const written = await summariseWithLlm(llm, title, text);
        const sources = closestSentences(written.bullet_points, prepared.sentences);
        const summary = { ...written, bullet_sources: sources };
        return { summary, provider: 'llm', model: llm.model };
      } catch (error) {
        const failure = error instanceof ChatModelError ? error : undefined;
        log.warn(
          {
            postId,
            model: llm.model,
            failure: failure?.failure ?? 'UNEXPECTED',
            ...(failure?.httpStatus ? { httpStatus: failure.httpStatus } : {}),
            err: redact((error as Error).message, llm.apiKey),
          },
          'The chat model could not summarise; using the offline summariser',
        );
      }
    }
    const summary = summarisePrepared(prepared);
    if (!summary) throw new SummaryUnavailableError(postId, 'TOO_SHORT');
    return { summary, provider: 'offline', model: OFFLINE_MODEL };
  }

  async function compute(postId: number, row: ArticleWithSummary): Promise<Summary | null> {
    const { prepared, text, source } = await articleText(postId, row);
    const { summary, provider, model } = await write(postId, row.title, prepared, text);
    const kept = await storeSummary(db, postId, summary, { provider, model, source });
    if (kept) return served(row.link, kept);
    // A model's summary stored meanwhile by another process wins.
    return (await lookUp(postId))?.stored ?? served(row.link, summary);
  }

  async function lookUp(
    postId: number,
  ): Promise<{ row: ArticleWithSummary; stored: Summary | undefined; fresh: boolean } | null> {
    const row = await articleWithSummary(db, postId);
    if (!row) return null;
    if (!row.bullet_points || !row.key_concepts) return { row, stored: undefined, fresh: false };
    const parsed = summarySchema.safeParse(
      served(row.link, {
        bullet_points: row.bullet_points,
        key_concepts: row.key_concepts,
        bullet_sources: row.bullet_sources ?? [],
      }),
    );
    const outdated =
      row.bullet_sources?.length !== row.bullet_points.length ||
      (row.provider === 'offline' && row.model !== OFFLINE_MODEL);
    if (!parsed.success || outdated) {
      // Stored under an older contract or offline algorithm (or by hand): dropped and computed
      // again (a chat model's summary without its bullets' sources too, once).
      await deleteSummary(db, postId);
      return { row, stored: undefined, fresh: false };
    }
    const stored = parsed.data;
    const fresh = !(llm && row.provider === 'offline' && Number(row.age_ms) > LLM_RETRY_AFTER_MS);
    return { row, stored, fresh };
  }

  function startOnce(postId: number, row: ArticleWithSummary): Promise<Summary | null> {
    const running = inFlight.get(postId);
    if (running) return running;
    const computing = compute(postId, row).finally(() => inFlight.delete(postId));
    inFlight.set(postId, computing);
    return computing;
  }

  return {
    async summaryFor(postId, requestOptions = {}) {
      const running = inFlight.get(postId);
      if (running) return running;
      const found = await lookUp(postId);
      if (!found) return null;
      const { row, stored, fresh } = found;
      if (stored && fresh) return stored;
      if (stored) {
        // A fallback summary older than LLM_RETRY_AFTER_MS: served at once while the model is
        // asked again in the background (within the same limits as any computation).
        if (!inFlight.has(postId)) {
          void Promise.resolve(requestOptions.beforeCompute?.())
            .then(() => startOnce(postId, row))
            .catch(() => undefined);
        }
        return stored;
      }
      if (!inFlight.has(postId)) await requestOptions.beforeCompute?.();
      return startOnce(postId, row);
    },
  };
}
