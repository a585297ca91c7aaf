import type { ArticleToStore } from '../../db/article-store.js';
import type { FeedEntry } from '../parse/parse-feed.js';
import { imageSources } from '../sanitise/image-sources.js';
import { cleanText, htmlToText, titleToText, truncateText } from '../sanitise/html-to-text.js';
import { absoluteHttpUrl, canonicalLink, linkKey } from './canonical-link.js';
import { classifyTopics } from './classify-topics.js';
import { publishingDate } from './publishing-date.js';

const MAX_TITLE_LENGTH = 300;
const MAX_DESCRIPTION_LENGTH = 1000;
/** Plain text kept for search and summaries. */
const MAX_CONTENT_LENGTH = 20_000;
const MAX_GUID_LENGTH = 1000;

export interface FeedContext {
  feedUrl: string;
  /** The feed's own site link, the base for relative item links. */
  siteUrl?: string;
  fetchedAt: Date;
  sourceTopics: readonly string[];
}

function firstHttpUrl(candidates: string[], base: string): string | null {
  for (const candidate of candidates) {
    const url = absoluteHttpUrl(candidate, base);
    if (url) return url.href;
  }
  return null;
}

function fallbackTitle(description: string, link: string): string {
  if (description) return truncateText(description, 100);
  const { host, pathname } = new URL(link);
  return `${host}${pathname}`;
}

/** One feed entry as an article, or undefined when it has no usable link. */
export function normaliseEntry(entry: FeedEntry, context: FeedContext): ArticleToStore | undefined {
  const feedBase = absoluteHttpUrl(context.siteUrl, context.feedUrl)?.href ?? context.feedUrl;
  const base = absoluteHttpUrl(entry.baseUrl, feedBase)?.href ?? feedBase;
  const link = canonicalLink(entry.link, base) ?? canonicalLink(entry.guid);
  if (!link) return undefined;

  const title = titleToText(entry.title ?? '', entry.titleIsHtml);
  const content = truncateText(htmlToText(entry.content ?? ''), MAX_CONTENT_LENGTH);
  let summary = htmlToText(entry.summary ?? '');
  // Some feeds repeat the title as the summary; the body then says more.
  if (summary === title) summary = '';
  const description = truncateText(summary || content, MAX_DESCRIPTION_LENGTH);
  const shownTitle = truncateText(title || fallbackTitle(description, link), MAX_TITLE_LENGTH);

  return {
    link,
    linkKey: linkKey(link),
    guid: entry.guid ? cleanText(entry.guid).slice(0, MAX_GUID_LENGTH) || null : null,
    title: shownTitle,
    description,
    content,
    image: firstHttpUrl(
      [
        ...entry.imageUrls,
        ...imageSources(entry.content ?? ''),
        ...imageSources(entry.summary ?? ''),
      ],
      link,
    ),
    publishingDate: publishingDate(entry.published, context.fetchedAt),
    topics: classifyTopics(shownTitle, description, context.sourceTopics),
  };
}
