import { useCallback, useEffect, useState, type RefObject } from 'react';
import { BLOCK_START_ATTRIBUTE } from './article-blocks';

/** Where a point of the page falls in the reading text, or null outside the article's blocks. */
function readingOffset(container: Element, node: Node, offset: number): number | null {
  const element = node instanceof Element ? node : node.parentElement;
  const block = element?.closest(`[${BLOCK_START_ATTRIBUTE}]`);
  if (!block || !container.contains(block)) return null;
  const before = document.createRange();
  before.setStart(block, 0);
  before.setEnd(node, offset);
  return Number(block.getAttribute(BLOCK_START_ATTRIBUTE)) + before.toString().length;
}

/**
 * The passage of the reading text `text` the reader selected inside `container`, without the
 * whitespace at its edges, or null when nothing of the article is selected.
 */
export function selectedPassage(
  container: Element,
  text: string,
): { start: number; end: number } | null {
  const selection = document.getSelection();
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  const from = readingOffset(container, range.startContainer, range.startOffset);
  const to = readingOffset(container, range.endContainer, range.endOffset);
  if (from === null || to === null) return null;
  let [start, end] = [Math.min(from, to), Math.max(from, to)];
  while (start < end && /\s/.test(text[start]!)) start += 1;
  while (end > start && /\s/.test(text[end - 1]!)) end -= 1;
  return start < end ? { start, end } : null;
}

/**
 * The passage the reader has selected in `body`, followed as the selection changes (and on
 * `update`, for the pointer and keys let go over it), left as it is while `kept` (a note is being
 * written for it).
 */
export function useSelectedPassage(
  body: RefObject<HTMLElement | null>,
  text: string,
  kept: boolean,
) {
  const [passage, setPassage] = useState<{ start: number; end: number } | null>(null);
  const update = useCallback(() => {
    if (!kept) setPassage(body.current ? selectedPassage(body.current, text) : null);
  }, [body, text, kept]);
  useEffect(() => {
    document.addEventListener('selectionchange', update);
    return () => document.removeEventListener('selectionchange', update);
  }, [update]);
  const clear = useCallback(() => setPassage(null), []);
  return { passage, update, clear };
}
