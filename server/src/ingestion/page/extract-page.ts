/**
 * What an article's own page says about it, for articles whose feed left out their date, image
 * or text: pure, no I/O, and never throws (an unreadable page gives empty fields).
 */
import { absoluteHttpUrl } from '../normalise/canonical-link.js';
import { MAX_CONTENT_LENGTH } from '../normalise/normalise-entry.js';
import { looksLikeProse, MAX_PREVIEW_LENGTH } from '../normalise/preview.js';
import { parseFeedDate, publishingDate } from '../normalise/publishing-date.js';
import type { ReaderBlock } from '@blogstream/shared/contract';
import { elementBlocks } from '../sanitise/article-blocks.js';
import { cleanText, truncateText } from '../sanitise/html-to-text.js';
import { firstContentImage } from './content-image.js';
import { linkedDataFacts } from './linked-data.js';
import { excerptOf } from './page-excerpt.js';
import {
  blockText,
  parseHtmlDocument,
  readableArticle,
  type DomDocument,
  type DomElement,
} from './readable-article.js';

/** Pages are cut to this many characters before parsing, which bounds the time one takes. */
const MAX_HTML_LENGTH = 2 * 1024 * 1024;

export interface ArticlePage {
  publishedAt: Date | null;
  imageUrl: string | null;
  title: string | null;
  /** Plain text, one paragraph a line. */
  mainText: string;
  /** The reader view's blocks of the same text (decision 0037); none without it. */
  blocks: ReaderBlock[];
  excerpt: string | null;
}

const EMPTY_PAGE: ArticlePage = {
  publishedAt: null,
  imageUrl: null,
  title: null,
  mainText: '',
  blocks: [],
  excerpt: null,
};

/** Meta elements that carry the publishing date, most trusted first (names lower-cased). */
const OPEN_GRAPH_DATE_META = ['article:published_time', 'og:published_time'];
const OTHER_DATE_META = ['date', 'dc.date.issued', 'parsely-pub-date', 'sailthru.date'];
const IMAGE_META = [
  'og:image',
  'og:image:secure_url',
  'og:image:url',
  'twitter:image',
  'twitter:image:src',
];
const DESCRIPTION_META = ['description', 'og:description', 'twitter:description'];
/** Separators between a page title and the site's name: "Post title | Site", "Post - Site". */
const TITLE_SEPARATORS = [' | ', ' - ', ' – ', ' — ', ' · ', ' :: ', ' » '];

/** The content of each <meta property|name=...>, by lower-cased key; the first one wins. */
function metaValues(document: DomDocument): Map<string, string> {
  const values = new Map<string, string>();
  for (const meta of Array.from(document.querySelectorAll('meta[content]'))) {
    const content = meta.getAttribute('content')?.trim();
    if (!content) continue;
    for (const key of [meta.getAttribute('property'), meta.getAttribute('name')]) {
      const name = key?.trim().toLowerCase();
      if (name && !values.has(name)) values.set(name, content);
    }
  }
  return values;
}

const metaList = (meta: Map<string, string>, keys: string[]) =>
  keys.flatMap((key) => meta.get(key) ?? []);

/** The first <article>, else the page's main element: where its own dates are. */
function mainElement(document: DomDocument): DomElement | null {
  return (
    document.querySelector('article') ??
    document.querySelector('main') ??
    document.querySelector('[role="main"]')
  );
}

/** How likely a <time> is the publishing date: 0 (datePublished) to 3 (any other time). */
function publishedRank(time: DomElement): number {
  if (/\bdatePublished\b/.test(time.getAttribute('itemprop') ?? '')) return 0;
  const classes = `${time.getAttribute('class') ?? ''} ${time.parentElement?.getAttribute('class') ?? ''}`;
  if (/publish/i.test(classes)) return 1;
  if (/date|posted/i.test(classes) && !/updated|modified/i.test(classes)) return 2;
  return 3;
}

/** The datetime of each <time> in the element, the likeliest publishing dates first. */
function timeValues(root: DomElement | null): string[] {
  if (!root) return [];
  return Array.from(root.querySelectorAll('time[datetime]'))
    .map((time, order) => ({ time, order, rank: publishedRank(time) }))
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .map(({ time }) => time.getAttribute('datetime') ?? '');
}

/** The value of the first element with itemprop="datePublished" (a meta, a time, a span...). */
function microdataDate(document: DomDocument): string[] {
  const element = document.querySelector('[itemprop~="datePublished"]');
  const value = element?.getAttribute('content') ?? element?.getAttribute('datetime');
  return value ? [value] : [];
}

/** The page's title without the site's name after it. */
function pageTitle(document: DomDocument, meta: Map<string, string>): string | null {
  const title = cleanText(
    meta.get('og:title') ?? document.querySelector('title')?.textContent ?? '',
  );
  const siteName = cleanText(meta.get('og:site_name') ?? '').toLowerCase();
  const suffix = siteName
    ? TITLE_SEPARATORS.map((separator) => separator + siteName).find(
        (candidate) => title.toLowerCase().endsWith(candidate) && title.length > candidate.length,
      )
    : undefined;
  return (suffix ? title.slice(0, -suffix.length).trim() : title) || null;
}

/** The first candidate that resolves to an absolute http(s) URL. */
function firstHttpUrl(candidates: string[], base: string | undefined): string | null {
  for (const candidate of candidates) {
    const url = absoluteHttpUrl(candidate, base);
    if (url) return url.href;
  }
  return null;
}

/** The article's text as Readability finds it, or null when it finds none or gives up. */
function readableContent(document: DomDocument): DomElement | null {
  try {
    return readableArticle(document);
  } catch {
    return null;
  }
}

function extract(html: string, pageUrl: string, now: Date): ArticlePage {
  const document = parseHtmlDocument(html.slice(0, MAX_HTML_LENGTH));
  const meta = metaValues(document);
  const linkedData = linkedDataFacts(document);
  const baseHref = document.querySelector('base[href]')?.getAttribute('href') ?? undefined;
  const base = absoluteHttpUrl(baseHref, pageUrl)?.href ?? absoluteHttpUrl(pageUrl)?.href;
  const title = pageTitle(document, meta);
  const declaredDates = [
    ...metaList(meta, OPEN_GRAPH_DATE_META),
    ...microdataDate(document),
    ...metaList(meta, OTHER_DATE_META),
    ...linkedData.datesPublished,
    ...timeValues(mainElement(document)),
  ];
  const declaredImage = firstHttpUrl(
    [
      ...metaList(meta, IMAGE_META),
      ...linkedData.images,
      document.querySelector('link[rel~="image_src"]')?.getAttribute('href') ?? '',
    ],
    base,
  );
  const description = cleanText(metaList(meta, DESCRIPTION_META)[0] ?? '');

  // Readability rewrites the document: everything above is read from the page as written.
  const content = readableContent(document);
  const mainText = content
    ? truncateText(
        blockText(content).split('\n\n').map(cleanText).filter(Boolean).join('\n'),
        MAX_CONTENT_LENGTH,
      )
    : '';
  const captions = new Set(
    Array.from(content?.querySelectorAll('figcaption, [class*="caption"]') ?? []).map((caption) =>
      cleanText(caption.textContent ?? ''),
    ),
  );
  const dateText = [...declaredDates, ...(content ? timeValues(content) : [])].find(
    (text) => parseFeedDate(text) !== undefined,
  );

  return {
    publishedAt: publishingDate(dateText, now),
    imageUrl: declaredImage ?? (content ? firstContentImage(content, base) : null),
    title,
    mainText,
    blocks: content ? elementBlocks(content, base) : [],
    excerpt:
      excerptOf(mainText, captions) ??
      (looksLikeProse(description) ? truncateText(description, MAX_PREVIEW_LENGTH) : null),
  };
}

/**
 * The publishing date, picture, title, main text and excerpt of an article's page. Dates come
 * from the page's meta elements, then its JSON-LD, then the <time> elements of its article;
 * one in the future beyond what publishingDate tolerates (relative to `now`) is null. The
 * picture is the declared one (og:image, twitter:image, JSON-LD, image_src), else the first
 * real image of the article, resolved against <base href> and the page's URL. The excerpt is the
 * opening of the main text or, when that has no real paragraph, the meta description if it reads
 * as prose.
 */
export function extractArticlePage(html: string, pageUrl: string, now = new Date()): ArticlePage {
  try {
    return extract(html, pageUrl, now);
  } catch {
    return { ...EMPTY_PAGE };
  }
}
