import type { ReaderBlock } from '@blogstream/shared/contract';
import { readingText } from '@blogstream/shared/lib';

/**
 * The reader view's blocks guessed from an article's stored text, for articles crawled before the
 * crawler kept their structure (docs/decisions/0037). The crawler stores plain text, one
 * paragraph a line (a visited page's blocks a blank line apart, its list items opening with "- ":
 * docs/CONTENT.md, "From item to article"), so the blocks are plain text too: nothing in them is
 * markup, and the page renders them as text.
 */

/** Words read in a minute, for the reading time shown above the text. */
const WORDS_PER_MINUTE = 230;

/** A line this short, ending without a sentence's last stop and followed by prose, is a heading. */
const HEADING_MAX_WORDS = 10;
const SENTENCE_END = /[.,;:!…"”')\]]$/;
const LIST_ITEM = /^[-•*]\s+/;

function words(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

function isHeading(line: string, next: string | undefined): boolean {
  return (
    next !== undefined &&
    !LIST_ITEM.test(next) &&
    words(line) <= HEADING_MAX_WORDS &&
    words(next) > words(line) &&
    !SENTENCE_END.test(line)
  );
}

export function readerBlocks(content: string): ReaderBlock[] {
  const lines = content
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return lines.map((line, index) => {
    if (LIST_ITEM.test(line)) return { kind: 'list_item', text: line.replace(LIST_ITEM, '') };
    if (isHeading(line, lines[index + 1])) return { kind: 'heading', level: 2, text: line };
    return { kind: 'paragraph', text: line };
  });
}

/** Minutes to read the blocks, at least 1; 0 when there are none. */
export function readingMinutes(blocks: readonly ReaderBlock[]): number {
  const count = words(readingText(blocks));
  return count === 0 ? 0 : Math.max(1, Math.round(count / WORDS_PER_MINUTE));
}
