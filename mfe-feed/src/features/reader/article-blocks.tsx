import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import type { ReaderBlock } from '@blogstream/shared/contract';
import { blockStarts, httpUrlOrUndefined } from '@blogstream/shared/lib';

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

const Picture = styled.img`
  display: block;
  margin: 0 auto 1em;
`;

/** An image of the article: lazy, and gone rather than a broken frame when it fails to load. */
function ArticleImage({ src, alt }: { src: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  // The crawler keeps only http(s) addresses; anything else in a row is not rendered.
  const address = httpUrlOrUndefined(src);
  if (!address || failed) return null;
  return (
    <Picture
      src={address}
      alt={alt}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
    />
  );
}

/** The page's heading for each level of a blog's heading: under the article's title (h1). */
const HEADING_TAGS = ['h2', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;

/** Consecutive list items and quotes render as one list, one quotation. */
const GROUPS = { list_item: 'ul', quote: 'blockquote' } as const;

/**
 * The article's blocks as headings, paragraphs, lists, quotations, code and images, their text as
 * text (never markup), each carrying where it starts in the reading text, with the reader's
 * highlights marked.
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
  let group: { tag: 'ul' | 'blockquote'; items: ReactNode[] } | null = null;
  const closeGroup = () => {
    if (group) {
      const Tag = group.tag;
      rendered.push(<Tag key={`group-${rendered.length}`}>{group.items}</Tag>);
    }
    group = null;
  };
  blocks.forEach((block, index) => {
    if (block.kind === 'image') {
      closeGroup();
      rendered.push(<ArticleImage key={index} src={block.src} alt={block.alt} />);
      return;
    }
    const at = { [BLOCK_START_ATTRIBUTE]: starts[index]! };
    const content = markedText(block.text, starts[index]!, highlights);
    if (block.kind === 'list_item' || block.kind === 'quote') {
      const tag = GROUPS[block.kind];
      if (group?.tag !== tag) closeGroup();
      group ??= { tag, items: [] };
      const Item = block.kind === 'list_item' ? 'li' : 'p';
      group.items.push(
        <Item key={index} {...at}>
          {content}
        </Item>,
      );
      return;
    }
    closeGroup();
    if (block.kind === 'heading') {
      const Heading = HEADING_TAGS[block.level - 1] ?? 'h6';
      rendered.push(
        <Heading key={index} {...at}>
          {content}
        </Heading>,
      );
    } else if (block.kind === 'code') {
      rendered.push(
        <pre key={index} {...at}>
          <code>{content}</code>
        </pre>,
      );
    } else {
      rendered.push(
        <p key={index} {...at}>
          {content}
        </p>,
      );
    }
  });
  closeGroup();
  return <>{rendered}</>;
}
