import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { ReaderBlock } from '@blogstream/shared/contract';
import { blockStarts } from '@blogstream/shared/lib';

/** A highlight placed on the reading text: characters [start, end). */
export interface PlacedHighlight {
  highlightId: number;
  start: number;
  end: number;
}

/** The attribute holding where a block's text starts in the reading text (selection.ts reads it). */
export const BLOCK_START_ATTRIBUTE = 'data-block-start';

/** A highlighted passage: the accent, faint, under the text's own colour (both themes). */
export const Mark = styled.mark`
  background: color-mix(in srgb, ${({ theme }) => theme.colors.accent} 24%, transparent);
  color: inherit;
  border-radius: 2px;
  scroll-margin: ${({ theme }) => theme.layout.topBarHeight + 24}px 0 24px;
`;

/** The block's text cut where highlights begin and end, the highlighted pieces marked. */
function markedText(text: string, blockStart: number, highlights: readonly PlacedHighlight[]) {
  const blockEnd = blockStart + text.length;
  const inBlock = highlights.filter(({ start, end }) => start < blockEnd && end > blockStart);
  if (inBlock.length === 0) return text;
  const cuts = new Set([0, text.length]);
  for (const { start, end } of inBlock) {
    cuts.add(Math.max(0, start - blockStart));
    cuts.add(Math.min(text.length, end - blockStart));
  }
  const ordered = [...cuts].sort((a, b) => a - b);
  const pieces: ReactNode[] = [];
  for (let index = 0; index + 1 < ordered.length; index += 1) {
    const [from, to] = [ordered[index]!, ordered[index + 1]!];
    const covering = inBlock.find(
      ({ start, end }) => start <= blockStart + from && end >= blockStart + to,
    );
    const piece = text.slice(from, to);
    pieces.push(
      covering ? (
        <Mark
          key={from}
          data-highlight-id={covering.highlightId}
          id={
            covering.start === blockStart + from ? `highlight-${covering.highlightId}` : undefined
          }
        >
          {piece}
        </Mark>
      ) : (
        piece
      ),
    );
  }
  return pieces;
}

/**
 * The article's blocks as headings, paragraphs and lists, their text as text (never markup), each
 * carrying where it starts in the reading text, with the reader's highlights marked.
 */
export function ArticleBlocks({
  blocks,
  highlights,
}: {
  blocks: readonly ReaderBlock[];
  highlights: readonly PlacedHighlight[];
}) {
  const starts = blockStarts(blocks);
  const rendered: ReactNode[] = [];
  let listItems: ReactNode[] = [];
  const closeList = () => {
    if (listItems.length > 0) rendered.push(<ul key={`list-${rendered.length}`}>{listItems}</ul>);
    listItems = [];
  };
  blocks.forEach((block, index) => {
    const start = starts[index]!;
    const at = { [BLOCK_START_ATTRIBUTE]: start };
    const content = markedText(block.text, start, highlights);
    if (block.kind === 'list_item') {
      listItems.push(
        <li key={index} {...at}>
          {content}
        </li>,
      );
      return;
    }
    closeList();
    rendered.push(
      block.kind === 'heading' ? (
        <h2 key={index} {...at}>
          {content}
        </h2>
      ) : (
        <p key={index} {...at}>
          {content}
        </p>
      ),
    );
  });
  closeList();
  return <>{rendered}</>;
}
