/**
 * An article's page as plain text: fetched with the crawler's guarded Fetcher (public addresses
 * only, deadline, size cap, at most 5 redirects), reduced to the article by Readability over
 * linkedom, and written out as paragraphs separated by blank lines, like stored article text.
 */
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import type { Fetcher } from '../ingestion/fetch/fetcher.js';

/** Largest page read, after decompression. */
export const MAX_PAGE_BYTES = 3 * 1024 * 1024;
/** Readability gives up on documents with more elements than this (it is synchronous). */
const MAX_ELEMENTS = 30_000;

export class PageTextError extends Error {
  override name = 'PageTextError';

  constructor(
    readonly code: 'FETCH_FAILED' | 'NOT_HTML' | 'NO_ARTICLE',
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** The few DOM members used here (the server compiles without the DOM library). */
interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
}

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

/** Elements whose text is not prose. */
const SKIPPED = new Set([
  'PRE',
  'SCRIPT',
  'STYLE',
  'NOSCRIPT',
  'TEMPLATE',
  'SVG',
  'MATH',
  'CANVAS',
  'IFRAME',
  'OBJECT',
  'BUTTON',
  'SELECT',
  'TEXTAREA',
  'NAV',
  'FORM',
  'TABLE',
]);

/** Elements that start and end a block of text. */
const BLOCKS = new Set([
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'BLOCKQUOTE',
  'BR',
  'DD',
  'DETAILS',
  'DIV',
  'DL',
  'DT',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HEADER',
  'HR',
  'LI',
  'MAIN',
  'OL',
  'P',
  'SECTION',
  'SUMMARY',
  'UL',
]);

/** The text of an element, one block per paragraph, heading or list item. */
export function blockText(root: DomNode): string {
  const blocks: string[] = [];
  let current = '';
  const flush = () => {
    const text = current.replace(/\s+/g, ' ').trim();
    if (text) blocks.push(text);
    current = '';
  };
  const walk = (node: DomNode) => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === TEXT_NODE) {
        current += child.textContent ?? '';
      } else if (child.nodeType === ELEMENT_NODE) {
        const name = child.nodeName.toUpperCase();
        if (SKIPPED.has(name)) {
          flush();
        } else if (name === 'BR') {
          current += ' ';
        } else if (BLOCKS.has(name)) {
          flush();
          // List items read as list items; headings as titles (no punctuation, on their own).
          if (name === 'LI') current += '- ';
          walk(child);
          flush();
        } else {
          walk(child);
        }
      }
    }
  };
  walk(root);
  flush();
  return blocks.join('\n\n');
}

function charsetOf(contentType: string | undefined, body: Buffer): string {
  const declared =
    /charset=["']?([\w-]+)/i.exec(contentType ?? '')?.[1] ??
    /<meta[^>]+charset=["']?([\w-]+)/i.exec(body.subarray(0, 4096).toString('latin1'))?.[1];
  try {
    return declared ? new TextDecoder(declared).encoding : 'utf-8';
  } catch {
    return 'utf-8';
  }
}

/** The readable article in an HTML document, as paragraphs of plain text. */
export function articleTextOfHtml(html: string): string {
  const { document } = parseHTML(html);
  let article: DomNode | null | undefined;
  try {
    const reader = new Readability<DomNode>(
      document as unknown as ConstructorParameters<typeof Readability>[0],
      {
        maxElemsToParse: MAX_ELEMENTS,
        serializer: (node) => node as unknown as DomNode,
      },
    );
    article = reader.parse()?.content;
  } catch (error) {
    throw new PageTextError('NO_ARTICLE', 'the page could not be read as an article', {
      cause: error,
    });
  }
  if (!article) throw new PageTextError('NO_ARTICLE', 'no article found on the page');
  return blockText(article);
}

/** Fetches the article's page and returns its text. */
export async function fetchPageText(fetcher: Fetcher, url: string): Promise<string> {
  let outcome;
  try {
    outcome = await fetcher.fetch({
      url,
      accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
      maxBytes: MAX_PAGE_BYTES,
    });
  } catch (error) {
    throw new PageTextError('FETCH_FAILED', `the page could not be fetched: ${String(error)}`, {
      cause: error,
    });
  }
  if (outcome.status !== 'ok') {
    throw new PageTextError('FETCH_FAILED', 'the page answered 304 to an unconditional request');
  }
  const { contentType, body } = outcome;
  if (contentType && !/html|xml/i.test(contentType)) {
    throw new PageTextError('NOT_HTML', `the page is ${contentType.split(';')[0]}, not HTML`);
  }
  const html = new TextDecoder(charsetOf(contentType, body)).decode(body);
  return articleTextOfHtml(html);
}
