import type { ArticleToStore } from '../../db/article-store.js';
import type { FeedEntry, ParsedFeed } from '../parse/parse-feed.js';
import { htmlBlocks } from '../sanitise/article-blocks.js';
import { imageSources } from '../sanitise/image-sources.js';
import { cleanText, htmlToParagraphs, plainText, truncateText } from '../sanitise/html-to-text.js';
import { absoluteHttpUrl, canonicalLink, linkKey } from './canonical-link.js';
import { scoreTopics } from './classify-topics.js';
import { choosePreview } from './preview.js';
import { publishingDate } from './publishing-date.js';

const MAX_TITLE_LENGTH = 300;
/** Plain text kept for search and summaries. */
export const MAX_CONTENT_LENGTH = 20_000;
const MAX_GUID_LENGTH = 1000;
/** A body shorter than this is an excerpt, not the article: its page says more. */
const FULL_TEXT_LENGTH = 1500;

export interface FeedContext {
  /**
   * The feed document's base URL: its Content-Location, else the URL it was fetched from
   * (after redirects). Relative links resolve against it when the feed names no closer base.
   */
  documentUrl: string;
  format: ParsedFeed['format'];
  /** The feed's own site link. */
  siteUrl?: string;
  /** The feed's xml:base, as written. */
  baseUrl?: string;
  fetchedAt: Date;
  sourceTopics: readonly string[];
}

/**
 * The base of an entry's relative links: its xml:base, within the feed's xml:base, within the
 * document's URL. RSS, RDF and JSON feeds rarely say xml:base, and their relative links are
 * written for the site, not for wherever the feed is served from: there the site link comes
 * before the document's URL.
 */
function entryBase(entry: FeedEntry, context: FeedContext): string {
  const siteBase =
    context.format === 'atom' ? undefined : absoluteHttpUrl(context.siteUrl, context.documentUrl);
  const feedBase =
    absoluteHttpUrl(context.baseUrl, context.documentUrl)?.href ??
    siteBase?.href ??
    context.documentUrl;
  return absoluteHttpUrl(entry.baseUrl, feedBase)?.href ?? feedBase;
}

function firstHttpUrl(candidates: string[], base: string): string | null {
  for (const candidate of candidates) {
    const url = absoluteHttpUrl(candidate, base);
    if (url) return url.href;
  }
  return null;
}

function fallbackTitle(preview: string, link: string): string {
  if (preview) return truncateText(preview, 100);
  const { host, pathname } = new URL(link);
  return `${host}${pathname}`;
}

/** Feed text of either kind with its paragraphs, one a line. */
function paragraphsOf(field: FeedEntry['content']): string {
  if (!field) return '';
  return field.format === 'html'
    ? htmlToParagraphs(field.value)
    : field.value.split(/\n/).map(cleanText).filter(Boolean).join('\n');
}

/** One feed entry as an article, or undefined when it has no usable link. */
export function normaliseEntry(entry: FeedEntry, context: FeedContext): ArticleToStore | undefined {
  const base = entryBase(entry, context);
  const link = canonicalLink(entry.link, base) ?? canonicalLink(entry.guid);
  if (!link) return undefined;

  const title = plainText(entry.title);
  const body = truncateText(paragraphsOf(entry.content), MAX_CONTENT_LENGTH);
  const summary = paragraphsOf(entry.summary);
  const description = choosePreview(title, summary, body || summary);
  const shownTitle = truncateText(title || fallbackTitle(description, link), MAX_TITLE_LENGTH);
  const declaredImage = firstHttpUrl(entry.imageUrls, link);
  const image =
    declaredImage ??
    firstHttpUrl(
      [
        ...imageSources(entry.content?.format === 'html' ? entry.content.value : ''),
        ...imageSources(entry.summary?.format === 'html' ? entry.summary.value : ''),
      ],
      link,
    );
  const date = publishingDate(entry.published, context.fetchedAt);
  const content = body || (summary.length > description.length ? summary : '');
  const contentField = body ? entry.content : content ? entry.summary : undefined;
  const topics = scoreTopics(shownTitle, content || description, context.sourceTopics);

  return {
    link,
    linkKey: linkKey(link),
    guid: entry.guid ? cleanText(entry.guid).slice(0, MAX_GUID_LENGTH) || null : null,
    title: shownTitle,
    description,
    content,
    blocks: contentField?.format === 'html' ? htmlBlocks(contentField.value, link) : null,
    image,
    imageDeclared: declaredImage !== null,
    publishingDate: date,
    topics: topics.map(({ topic }) => topic),
    topicScores: topics.map(({ score }) => score),
    pageWanted:
      date === null || declaredImage === null || !description || content.length < FULL_TEXT_LENGTH,
  };
}
