/**
 * A page's readable article: the HTML parsed by linkedom, reduced to the article by Readability,
 * and written out as blocks of plain text. Shared by the crawler's page visits and the summaries.
 */
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';

/** Readability gives up on documents with more elements than this (it is synchronous). */
const MAX_ELEMENTS = 30_000;

/** The few DOM members used on linkedom's documents (the server compiles without the DOM library). */
/** Largest article page read, after decompression. */
export const MAX_PAGE_BYTES = 3 * 1024 * 1024;

export interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
}

export interface DomElement extends DomNode {
  getAttribute(name: string): string | null;
  parentElement: DomElement | null;
  querySelector(selectors: string): DomElement | null;
  querySelectorAll(selectors: string): ArrayLike<DomElement>;
}

export type DomDocument = Pick<DomElement, 'querySelector' | 'querySelectorAll'>;

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
export const BLOCK_ELEMENTS: ReadonlySet<string> = new Set([
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

/** The text of an element, one block per paragraph, heading or list item, blank-line separated. */
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
        } else if (BLOCK_ELEMENTS.has(name)) {
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

/** An HTML page as a document. linkedom builds no document element without an <html> tag. */
export function parseHtmlDocument(html: string): DomDocument {
  const page = /<html[\s>]/i.test(html) ? html : `<html><head></head><body>${html}</body></html>`;
  return parseHTML(page).document as DomDocument;
}

/**
 * The article Readability finds in the document, or null when it finds none. Readability
 * rewrites the document as it goes: read anything else from the page first. Throws on a
 * document with more than MAX_ELEMENTS elements.
 */
export function readableArticle(document: DomDocument): DomElement | null {
  // Readability's own maxElemsToParse counts getElementsByTagName('*'), which finds nothing in
  // linkedom: the limit is kept here.
  const elements = document.querySelectorAll('*').length;
  if (elements > MAX_ELEMENTS) {
    throw new Error(`${elements} elements is more than Readability is given (${MAX_ELEMENTS})`);
  }
  const reader = new Readability<DomElement>(
    document as unknown as ConstructorParameters<typeof Readability>[0],
    { serializer: (node) => node as unknown as DomElement },
  );
  return reader.parse()?.content ?? null;
}
