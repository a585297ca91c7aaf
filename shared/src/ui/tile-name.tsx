import styled from 'styled-components';

const Clamped = styled.span`
  min-width: 0;
  display: -webkit-box;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: 2;
  line-clamp: 2;
  overflow: hidden;
  overflow-wrap: normal;
  word-break: normal;
  hyphens: manual;
`;

/**
 * A name on a tile (a source card, a related blog): it wraps only between words, never inside
 * one ("Cloudflare", not "Cloudfl / are"), ends in '…' after two lines, and shows in full on hover.
 */
export function TileName({ children }: { children: string }) {
  return <Clamped title={children}>{children}</Clamped>;
}
