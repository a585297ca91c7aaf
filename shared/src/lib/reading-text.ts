import { HIGHLIGHT_CONTEXT_CHARS } from '@blogstream/shared/contract/browser';
import type { HighlightSelector, ReaderBlock } from '@blogstream/shared/contract';

/** The text a block adds to the reading text; an image adds none. */
const textOf = (block: ReaderBlock): string | null => (block.kind === 'image' ? null : block.text);

/**
 * An article's reading text: its blocks' texts, one a line (images add none). Highlights'
 * selectors count their characters in it, in the server and in the reader view alike
 * (docs/decisions/0037).
 */
export function readingText(blocks: readonly ReaderBlock[]): string {
  return blocks.flatMap((block) => textOf(block) ?? []).join('\n');
}

/** Where each block's text starts in the reading text (an image: where the next text starts). */
export function blockStarts(blocks: readonly ReaderBlock[]): number[] {
  const starts: number[] = [];
  let next = 0;
  for (const block of blocks) {
    starts.push(next);
    const text = textOf(block);
    if (text !== null) next += text.length + 1;
  }
  return starts;
}

/**
 * The W3C Web Annotation selectors of the passage [start, end) of `text`: the quote with up to
 * HIGHLIGHT_CONTEXT_CHARS characters on each side, and its position.
 */
export function selectorOf(text: string, start: number, end: number): HighlightSelector {
  return {
    quote: {
      type: 'TextQuoteSelector',
      exact: text.slice(start, end),
      prefix: text.slice(Math.max(0, start - HIGHLIGHT_CONTEXT_CHARS), start),
      suffix: text.slice(end, end + HIGHLIGHT_CONTEXT_CHARS),
    },
    position: { type: 'TextPositionSelector', start, end },
  };
}
