import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { Summary } from '@blogstream/shared/contract';
import { clientPath } from '@blogstream/shared/contract/browser';
import { httpUrlOrUndefined, messages } from '@blogstream/shared/lib';
import { Loader } from '@blogstream/shared/ui';

export type SummaryState =
  | { status: 'hidden' }
  | { status: 'loading' }
  | { status: 'shown'; summary: Summary }
  /** Asking again can mend it (the network, the server). */
  | { status: 'error' }
  /** The article has too little text to summarise: asking again cannot help. */
  | { status: 'unavailable' };

const Panel = styled.section`
  margin-top: 12px;
  padding: 12px 16px;
  border-radius: ${({ theme }) => theme.radius.medium}px;
  background: ${({ theme }) => theme.colors.surface};
  ul {
    margin: 0 0 8px;
    padding-left: 20px;
  }
`;

/** The footnote mark after a bullet: opens the article at the sentence the point comes from. */
const SourceMark = styled.a`
  margin-left: 4px;
  font-size: ${({ theme }) => theme.font.size.small};
  vertical-align: super;
  text-decoration: none;
`;

const Concepts = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  list-style: none;
  padding: 0 !important;
  a {
    display: inline-block;
    padding: 2px 10px;
    border-radius: ${({ theme }) => theme.radius.pill}px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    text-decoration: none;
    font-size: ${({ theme }) => theme.font.size.small};
  }
`;

/**
 * The AI summary under a card: bullet points, each showing on hover the article's sentence it
 * comes from and a footnote link that opens the article at that sentence; and key concepts that
 * each search the site.
 */
export function SummaryPanel({ state, titleId }: { state: SummaryState; titleId: string }) {
  if (state.status === 'hidden') return null;
  return (
    <Panel aria-labelledby={titleId} aria-live="polite">
      {state.status === 'loading' ? <Loader label="Loading summary" /> : null}
      {state.status === 'error' ? <p role="alert">{messages.summaryFailed}</p> : null}
      {state.status === 'unavailable' ? <p role="status">{messages.summaryUnavailable}</p> : null}
      {state.status === 'shown' ? (
        <>
          <ul aria-label="Summary">
            {state.summary.bullet_points.map((point, index) => {
              const source = state.summary.bullet_sources?.[index];
              const sourceLink = httpUrlOrUndefined(source?.link);
              return (
                <li key={point} title={source?.sentence}>
                  {point}
                  {sourceLink ? (
                    <SourceMark
                      href={sourceLink}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={`Source of point ${index + 1} in the article`}
                    >
                      [{index + 1}]
                    </SourceMark>
                  ) : null}
                </li>
              );
            })}
          </ul>
          <Concepts aria-label="Key concepts">
            {state.summary.key_concepts.map((concept) => (
              <li key={concept}>
                <Link to={clientPath('search', { searchQuery: concept })}>{concept}</Link>
              </li>
            ))}
          </Concepts>
        </>
      ) : null}
    </Panel>
  );
}
