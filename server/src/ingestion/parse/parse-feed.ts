import {
  DetectError,
  parseFeed as parseAnyFeed,
  type AtomFeed,
  type JsonFeed,
  type MediaNs,
  type RdfFeed,
  type RssFeed,
} from 'feedsmith';

/** Items read from one feed at most: enough for any real feed, bounded for hostile ones. */
export const MAX_ITEMS_PER_FEED = 500;

/** One item of any feed format, before normalisation. Text fields are as the feed wrote them. */
export interface FeedEntry {
  guid?: string;
  /** As written: may be relative to `baseUrl` or to the feed. */
  link?: string;
  title?: string;
  /** Atom says when a title is HTML; RSS titles are text that sometimes carries a few tags. */
  titleIsHtml: boolean;
  /** HTML (or text) summary. */
  summary?: string;
  /** HTML body. */
  content?: string;
  /** Explicit image candidates, best first: enclosures, media:*, JSON Feed images. */
  imageUrls: string[];
  /** Date text as written; parsed in the normalise step. */
  published?: string;
  baseUrl?: string;
}

export interface ParsedFeed {
  format: 'rss' | 'atom' | 'rdf' | 'json';
  title?: string;
  siteUrl?: string;
  entries: FeedEntry[];
}

export type ParseErrorCode = 'EMPTY_BODY' | 'NOT_A_FEED' | 'MALFORMED_FEED';

export class FeedParseError extends Error {
  override name = 'FeedParseError';

  constructor(
    readonly code: ParseErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const isImageType = (type: string | undefined) => type?.toLowerCase().startsWith('image/') ?? false;

function mediaImages(media: MediaNs.ItemOrFeed | undefined): string[] {
  if (!media) return [];
  const contents = [
    ...(media.contents ?? []),
    ...(media.groups ?? []).flatMap((g) => g.contents ?? []),
  ];
  return [
    ...contents
      .filter((content) => content.medium === 'image' || isImageType(content.type))
      .map((content) => content.url),
    ...(media.thumbnails ?? []).map((thumbnail) => thumbnail.url),
    ...contents.flatMap((content) => (content.thumbnails ?? []).map((thumbnail) => thumbnail.url)),
  ].filter((url): url is string => typeof url === 'string');
}

function rssEntry(item: RssFeed.Item<string>): FeedEntry {
  const guid = item.guid?.value;
  const guidIsLink = item.guid?.isPermaLink !== false && /^https?:\/\//i.test(guid ?? '');
  return {
    guid,
    link: item.link ?? (guidIsLink ? guid : undefined),
    title: item.title,
    titleIsHtml: false,
    summary: item.description,
    content: item.content?.encoded,
    imageUrls: [
      ...(item.enclosures ?? []).filter((e) => isImageType(e.type)).map((e) => e.url),
      ...mediaImages(item.media),
      ...(item.itunes?.image ? [item.itunes.image] : []),
    ].filter((url): url is string => typeof url === 'string'),
    published: item.pubDate ?? item.dc?.dates?.[0] ?? item.dcterms?.created?.[0],
  };
}

function atomEntry(entry: AtomFeed.Entry<string>): FeedEntry {
  const links = entry.links ?? [];
  const alternate = links.find((link) => !link.rel || link.rel === 'alternate') ?? links[0];
  const titleType = entry.title?.type?.toLowerCase();
  return {
    guid: entry.id,
    link: alternate?.href,
    title: entry.title?.value,
    titleIsHtml: titleType === 'html' || titleType === 'xhtml',
    summary: entry.summary?.value,
    content: entry.content?.value,
    imageUrls: [
      ...links
        .filter((link) => link.rel === 'enclosure' && isImageType(link.type))
        .map((l) => l.href),
      ...mediaImages(entry.media),
    ].filter((url): url is string => typeof url === 'string'),
    published: entry.published ?? entry.updated ?? entry.dc?.dates?.[0],
    baseUrl: entry.content?.xml?.base ?? entry.xml?.base,
  };
}

function rdfEntry(item: RdfFeed.Item<string>): FeedEntry {
  return {
    guid: item.rdf?.about,
    link: item.link,
    title: item.title,
    titleIsHtml: false,
    summary: item.description,
    content: item.content?.encoded,
    imageUrls: mediaImages(item.media),
    published: item.dc?.dates?.[0] ?? item.dcterms?.created?.[0],
  };
}

function jsonEntry(item: JsonFeed.Item<string>): FeedEntry {
  return {
    guid: item.id,
    link: item.url ?? item.external_url,
    title: item.title,
    titleIsHtml: false,
    summary: item.summary,
    content: item.content_html ?? item.content_text,
    imageUrls: [
      item.image,
      item.banner_image,
      ...(item.attachments ?? []).filter((a) => isImageType(a.mime_type)).map((a) => a.url),
    ].filter((url): url is string => typeof url === 'string'),
    published: item.date_published ?? item.date_modified,
  };
}

function toParsedFeed(result: ReturnType<typeof parseAnyFeed<string>>): ParsedFeed {
  switch (result.format) {
    case 'rss':
      return {
        format: 'rss',
        title: result.feed.title,
        siteUrl: result.feed.link,
        entries: (result.feed.items ?? []).map(rssEntry),
      };
    case 'atom': {
      const links = result.feed.links ?? [];
      return {
        format: 'atom',
        title: result.feed.title?.value,
        siteUrl: (links.find((link) => !link.rel || link.rel === 'alternate') ?? links[0])?.href,
        entries: (result.feed.entries ?? []).map(atomEntry),
      };
    }
    case 'rdf':
      return {
        format: 'rdf',
        title: result.feed.title,
        siteUrl: result.feed.link,
        entries: (result.feed.items ?? []).map(rdfEntry),
      };
    case 'json':
      return {
        format: 'json',
        title: result.feed.title,
        siteUrl: result.feed.home_page_url,
        entries: (result.feed.items ?? []).map(jsonEntry),
      };
  }
}

/**
 * Reads RSS 0.9x/1.0/2.0, Atom and JSON Feed text with feedsmith into one shape. feedsmith's XML
 * parser expands no DTD entities and refuses external ones, so entity bombs stay inert.
 */
export function parseFeed(text: string): ParsedFeed {
  if (text.trim() === '') throw new FeedParseError('EMPTY_BODY', 'the response body is empty');
  try {
    return toParsedFeed(parseAnyFeed(text, { maxItems: MAX_ITEMS_PER_FEED }));
  } catch (error) {
    if (error instanceof DetectError) {
      throw new FeedParseError('NOT_A_FEED', 'the response is not an RSS, Atom or JSON feed');
    }
    throw new FeedParseError(
      'MALFORMED_FEED',
      `the feed cannot be read: ${(error as Error).message}`,
    );
  }
}
