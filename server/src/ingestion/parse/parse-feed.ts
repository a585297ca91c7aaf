import {
  DetectError,
  ParseError,
  detectAtomFeed,
  detectJsonFeed,
  detectRdfFeed,
  parseFeed as parseAnyFeed,
  type AtomFeed,
  type JsonFeed,
  type MediaNs,
  type RdfFeed,
  type RssFeed,
} from 'feedsmith';
import { plainText, withoutTitleMarkup, type FeedText } from '../sanitise/html-to-text.js';

/** Items read from one feed at most: enough for any real feed, bounded for hostile ones. */
export const MAX_ITEMS_PER_FEED = 500;

/** One item of any feed format, before normalisation. */
export interface FeedEntry {
  guid?: string;
  /** As written: may be relative to `baseUrl`. */
  link?: string;
  title?: FeedText;
  summary?: FeedText;
  /** The full body, when the feed carries it. */
  content?: FeedText;
  /** Explicit image candidates, best first: enclosures, media:*, JSON Feed images. */
  imageUrls: string[];
  /** Date text as written; parsed in the normalise step. */
  published?: string;
  /** The entry's xml:base, as written (relative to the feed's). */
  baseUrl?: string;
}

export interface ParsedFeed {
  format: 'rss' | 'atom' | 'rdf' | 'json';
  /** Plain text; empty when the feed has no title. */
  title: string;
  siteUrl?: string;
  /** The feed's own xml:base, as written. */
  baseUrl?: string;
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

const text = (value: string | undefined): FeedText | undefined =>
  value === undefined ? undefined : { value, format: 'text' };

const html = (value: string | undefined): FeedText | undefined =>
  value === undefined ? undefined : { value, format: 'html' };

/** An RSS, RDF or JSON Feed title: text in principle, with inline HTML in practice. */
const looseTitle = (value: string | undefined): FeedText | undefined =>
  text(value === undefined ? undefined : withoutTitleMarkup(value));

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * Base64 text, decoded, when it decodes to readable UTF-8 (Atom 1.0 content of a non-text media
 * type, and Atom 0.3's mode="base64", whose attribute the parser drops). Prose always has
 * spaces; base64 never has.
 */
function decodedBase64(value: string): string | undefined {
  const packed = value.replace(/[\r\n]/g, '');
  if (packed.length < 8 || packed.length % 4 !== 0 || !BASE64.test(packed)) return undefined;
  const bytes = Buffer.from(packed, 'base64');
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return /\s/.test(text) ? text : undefined;
  } catch {
    return undefined;
  }
}

/**
 * An Atom text construct or content element by its type (RFC 4287 3.1 and 4.1.3): text, html
 * and xhtml; other text and XML types as text or markup; any other media type is base64, read
 * when it is text (an image or a PDF as content has no text to show).
 */
function atomText(construct: { value?: string; type?: string } | undefined): FeedText | undefined {
  if (construct?.value === undefined) return undefined;
  const type = construct.type?.toLowerCase().trim() ?? 'text';
  const isMarkup = ['html', 'xhtml'].includes(type) || /^text\/html\b|[/+]xml\b/.test(type);
  const isText = type === 'text' || type.startsWith('text/');
  const value =
    decodedBase64(construct.value) ?? (isMarkup || isText ? construct.value : undefined);
  if (value === undefined) return undefined;
  return isMarkup ? html(value) : text(value);
}

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
    title: looseTitle(item.title),
    summary: html(item.description),
    content: html(item.content?.encoded),
    imageUrls: [
      ...(item.enclosures ?? []).filter((e) => isImageType(e.type)).map((e) => e.url),
      ...mediaImages(item.media),
      ...(item.itunes?.image ? [item.itunes.image] : []),
    ].filter((url): url is string => typeof url === 'string'),
    published: item.pubDate ?? item.dc?.dates?.[0] ?? item.dcterms?.created?.[0],
    baseUrl: item.xml?.base,
  };
}

/**
 * An entry's link is its alternate link (rel absent or "alternate", an HTML one first); other
 * links (self, license, enclosure, via, related) are never the article.
 */
function alternateLink(links: AtomFeed.Link<string>[]): string | undefined {
  const alternates = links.filter((link) => !link.rel || link.rel === 'alternate');
  const htmlFirst = alternates.find((link) => !link.type || /html/i.test(link.type));
  return (htmlFirst ?? alternates[0])?.href;
}

function atomEntry(entry: AtomFeed.Entry<string>): FeedEntry {
  const links = entry.links ?? [];
  return {
    guid: entry.id,
    link: alternateLink(links),
    title: atomText(entry.title),
    summary: atomText(entry.summary),
    content: atomText(entry.content),
    imageUrls: [
      ...links
        .filter((link) => link.rel === 'enclosure' && isImageType(link.type))
        .map((l) => l.href),
      ...mediaImages(entry.media),
    ].filter((url): url is string => typeof url === 'string'),
    published: entry.published ?? entry.updated ?? entry.dc?.dates?.[0],
    baseUrl: entry.xml?.base,
  };
}

function rdfEntry(item: RdfFeed.Item<string>): FeedEntry {
  return {
    guid: item.rdf?.about,
    link: item.link,
    title: looseTitle(item.title),
    summary: html(item.description),
    content: html(item.content?.encoded),
    imageUrls: mediaImages(item.media),
    published: item.dc?.dates?.[0] ?? item.dcterms?.created?.[0],
  };
}

function jsonEntry(item: JsonFeed.Item<string>): FeedEntry {
  return {
    guid: item.id,
    link: item.url ?? item.external_url,
    title: looseTitle(item.title),
    summary: text(item.summary),
    content: html(item.content_html) ?? text(item.content_text),
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
        title: plainText(looseTitle(result.feed.title)),
        siteUrl: result.feed.link,
        baseUrl: result.feed.xml?.base,
        entries: (result.feed.items ?? []).map(rssEntry),
      };
    case 'atom': {
      const links = result.feed.links ?? [];
      return {
        format: 'atom',
        title: plainText(atomText(result.feed.title)),
        siteUrl: alternateLink(links),
        baseUrl: result.feed.xml?.base,
        entries: (result.feed.entries ?? []).map(atomEntry),
      };
    }
    case 'rdf':
      return {
        format: 'rdf',
        title: plainText(looseTitle(result.feed.title)),
        siteUrl: result.feed.link,
        entries: (result.feed.items ?? []).map(rdfEntry),
      };
    case 'json':
      return {
        format: 'json',
        title: plainText(looseTitle(result.feed.title)),
        siteUrl: result.feed.home_page_url,
        entries: (result.feed.items ?? []).map(jsonEntry),
      };
  }
}

/** The format of a document the parser recognised but found nothing in. */
function emptyFeed(text: string): ParsedFeed {
  const format = detectAtomFeed(text)
    ? 'atom'
    : detectRdfFeed(text)
      ? 'rdf'
      : detectJsonFeed(text)
        ? 'json'
        : 'rss';
  return { format, title: '', entries: [] };
}

/**
 * Reads RSS 0.9x/1.0/2.0, Atom and JSON Feed text with feedsmith into one shape. feedsmith's XML
 * parser expands no DTD entities and refuses external ones, so entity bombs stay inert. A
 * well-formed feed with nothing in it (a new blog's empty channel) is a feed of no entries.
 */
export function parseFeed(text: string): ParsedFeed {
  if (text.trim() === '') throw new FeedParseError('EMPTY_BODY', 'the response body is empty');
  try {
    return toParsedFeed(parseAnyFeed(text, { maxItems: MAX_ITEMS_PER_FEED }));
  } catch (error) {
    if (error instanceof DetectError) {
      throw new FeedParseError('NOT_A_FEED', 'the response is not an RSS, Atom or JSON feed');
    }
    if (error instanceof ParseError) return emptyFeed(text);
    throw new FeedParseError(
      'MALFORMED_FEED',
      `the feed cannot be read: ${(error as Error).message}`,
    );
  }
}
