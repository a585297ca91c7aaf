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

/** The sentence being read aloud: underlined in the focus colour, kept in view. */
const Spoken = styled.span`
  background: color-mix(in srgb, ${({ theme }) => theme.colors.focus} 16%, transparent);
  box-shadow: 0 2px 0 ${({ theme }) => theme.colors.focus};
  scroll-margin: ${({ theme }) => theme.layout.topBarHeight + 24}px 0 96px;
`;

/** A passage of the reading text: characters [start, end). */
interface Passage {
  start: number;
  end: number;
}

/**
 * The block's text cut where highlights and the sentence read aloud begin and end, the
 * highlighted pieces marked and the spoken ones wrapped.
 */
function markedText(
  text: string,
  blockStart: number,
  highlights: readonly PlacedHighlight[],
  spoken: Passage | null,
) {
  const blockEnd = blockStart + text.length;
  const overlaps = ({ start, end }: Passage) => start < blockEnd && end > blockStart;
  const inBlock = highlights.filter(overlaps);
  const spokenHere = spoken && overlaps(spoken) ? spoken : null;
  if (inBlock.length === 0 && !spokenHere) return text;
  const cuts = new Set([0, text.length]);
  for (const { start, end } of spokenHere ? [...inBlock, spokenHere] : inBlock) {
    cuts.add(Math.max(0, start - blockStart));
    cuts.add(Math.min(text.length, end - blockStart));
  }
  const ordered = [...cuts].sort((a, b) => a - b);
  const pieces: ReactNode[] = [];
  for (let index = 0; index + 1 < ordered.length; index += 1) {
    const [from, to] = [ordered[index]!, ordered[index + 1]!];
    const covers = ({ start, end }: Passage) =>
      start <= blockStart + from && end >= blockStart + to;
    const covering = inBlock.find(covers);
    const piece = text.slice(from, to);
    const marked = covering ? (
      <Mark
        key={from}
        data-highlight-id={covering.highlightId}
        id={covering.start === blockStart + from ? `highlight-${covering.highlightId}` : undefined}
      >
        {piece}
      </Mark>
    ) : (
      piece
    );
    pieces.push(
      spokenHere && covers(spokenHere) ? (
        <Spoken key={from} data-spoken="">
          {marked}
        </Spoken>
      ) : (
        marked
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
 * highlights marked and the sentence read aloud shown.
 */
export function ArticleBlocks({
  blocks,
  highlights,
  spoken = null,
}: {
  blocks: readonly ReaderBlock[];
  highlights: readonly PlacedHighlight[];
  /** The sentence being read aloud, if any. */
  spoken?: Passage | null;
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
    const content = markedText(block.text, starts[index]!, highlights, spoken);
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
