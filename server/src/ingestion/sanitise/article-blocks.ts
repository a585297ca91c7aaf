/**
 * An article's structure as the reader view shows it (docs/decisions/0037, "Since"): the blocks
 * of its HTML (the feed's content, or the part of its page Readability keeps), each plain text or
 * an image's address. Nothing of the markup is kept: no tag, attribute, link or style reaches the
 * reader, only the kind of each block, a heading's level, a code block's text verbatim and an
 * image's http(s) address and alt text.
 */
import type { ReaderBlock } from '@blogstream/shared/contract';
import { pictureUrl } from '../page/content-image.js';
import {
  BLOCK_ELEMENTS,
  parseHtmlDocument,
  type DomElement,
  type DomNode,
} from '../page/readable-article.js';
import { cleanText, withoutControlCharacters } from './html-to-text.js';

/** Characters of text kept at most, cut between blocks: a long post is 30,000 to 40,000. */
export const MAX_BLOCKS_TEXT_LENGTH = 60_000;
/** Blocks kept at most, whatever their length (images add no text). */
export const MAX_BLOCKS = 2_000;

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

/** Elements whose content is not the article's text. */
const DROPPED = new Set([
  'SCRIPT',
  'STYLE',
  'NOSCRIPT',
  'TEMPLATE',
  'TEXTAREA',
  'OPTION',
  'SELECT',
  'BUTTON',
  'FORM',
  'NAV',
  'IFRAME',
  'OBJECT',
  'CANVAS',
  'SVG',
  'MATH',
  'HEAD',
  'TITLE',
]);

/** Elements that end the block before them and start one of their own: a table's rows too. */
const BLOCKS = new Set([...BLOCK_ELEMENTS, 'CAPTION', 'TABLE', 'TBODY', 'TFOOT', 'THEAD', 'TR']);

/** HTML that marks any block: without one, HTML is plain text whose lines are its paragraphs. */
const STRUCTURE = [...BLOCKS, 'PRE', 'IMG'].join(', ').toLowerCase();

/** What the text inside an element is: a block element's own kind, or that of the one around it. */
type TextContext =
  { kind: 'paragraph' | 'list_item' | 'quote' } | { kind: 'heading'; level: number };

const PARAGRAPH: TextContext = { kind: 'paragraph' };

function contextOf(name: string, around: TextContext): TextContext {
  const heading = /^H([1-6])$/.exec(name);
  if (heading) return { kind: 'heading', level: Number(heading[1]) };
  if (name === 'LI') return { kind: 'list_item' };
  if (name === 'BLOCKQUOTE') return { kind: 'quote' };
  return around;
}

/** A <pre>'s text as written: its line breaks (and <br>s) and spaces kept, its edges' blank lines not. */
function preformattedText(pre: DomNode): string {
  let text = '';
  const walk = (node: DomNode) => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === TEXT_NODE) text += child.textContent ?? '';
      else if (child.nodeType !== ELEMENT_NODE) continue;
      else if (child.nodeName.toUpperCase() === 'BR') text += '\n';
      else if (!DROPPED.has(child.nodeName.toUpperCase())) walk(child);
    }
  };
  walk(pre);
  return withoutControlCharacters(text.replace(/\r\n?/g, '\n'))
    .replace(/^\s*\n/, '')
    .trimEnd();
}

/** Collects blocks up to MAX_BLOCKS_TEXT_LENGTH characters and MAX_BLOCKS blocks. */
class BlockList {
  readonly blocks: ReaderBlock[] = [];
  private textLength = 0;
  private full = false;

  add(block: ReaderBlock): void {
    const length = block.kind === 'image' ? 0 : block.text.length + 1;
    if (this.full || this.blocks.length >= MAX_BLOCKS) return;
    if (this.textLength + length > MAX_BLOCKS_TEXT_LENGTH) {
      // The article is cut here, never further on: the reader view shows no gap.
      this.full = true;
      return;
    }
    this.blocks.push(block);
    this.textLength += length;
  }

  addText(raw: string, context: TextContext): void {
    const text = cleanText(raw);
    if (!text) return;
    this.add(context.kind === 'heading' ? { ...context, text } : { kind: context.kind, text });
  }
}

/**
 * The blocks of an element: headings with their level, paragraphs, list items (nested lists
 * flattened), quotes, code blocks (a <pre>'s text verbatim) and images (pictureUrl: an absolute
 * http(s) address, never a tracking pixel or an icon), in the order of the text. Inline markup
 * (links, emphasis, inline code) leaves its text in its block; a table reads row by row. A <br>
 * ends a paragraph or a quote's paragraph, as in the stored plain text; in a heading or a list
 * item it is a space.
 */
export function elementBlocks(root: DomNode, base: string | undefined): ReaderBlock[] {
  const list = new BlockList();
  let pending = '';
  const flush = (context: TextContext) => {
    list.addText(pending, context);
    pending = '';
  };
  const walk = (node: DomNode, context: TextContext) => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === TEXT_NODE) {
        pending += child.textContent ?? '';
        continue;
      }
      if (child.nodeType !== ELEMENT_NODE) continue;
      const name = child.nodeName.toUpperCase();
      if (DROPPED.has(name)) continue;
      if (name === 'BR') {
        if (context.kind === 'heading' || context.kind === 'list_item') pending += ' ';
        else flush(context);
      } else if (name === 'PRE') {
        flush(context);
        const text = preformattedText(child);
        if (text) list.add({ kind: 'code', text });
      } else if (name === 'IMG') {
        flush(context);
        const src = pictureUrl(child as DomElement, base);
        const alt = cleanText((child as DomElement).getAttribute('alt') ?? '');
        if (src) list.add({ kind: 'image', src, alt });
      } else if (BLOCKS.has(name)) {
        flush(context);
        const inner = contextOf(name, context);
        walk(child, inner);
        flush(inner);
      } else {
        // Table cells of a row read one after the other, a space apart.
        if (name === 'TD' || name === 'TH') pending += ' ';
        walk(child, context);
      }
    }
  };
  walk(root, PARAGRAPH);
  flush(PARAGRAPH);
  return list.blocks;
}

/**
 * The blocks of an HTML fragment (a feed's content), its images resolved against `base`; null
 * when the HTML marks no block at all (plain text sent as HTML): the stored text's lines are
 * then its paragraphs, and the reader view reads them as it reads any stored text.
 */
export function htmlBlocks(html: string, base: string | undefined): ReaderBlock[] | null {
  const body = parseHtmlDocument(html).querySelector('body');
  if (!body?.querySelector(STRUCTURE)) return null;
  return elementBlocks(body, base);
}
