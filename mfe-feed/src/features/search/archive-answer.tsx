import { useId, useState } from 'react';
import styled from 'styled-components';
import type { AnswerSentence, AskResponse, Citation } from '@blogstream/shared/contract';
import { httpUrlOrUndefined } from '@blogstream/shared/lib';
import { Loader } from '@blogstream/shared/ui';
import { ArticleCard } from '@blogstream/shared/widgets';
import { useAskArchiveQuery } from './ask-api';

const Block = styled.section`
  margin-bottom: 24px;
  padding: 12px 16px;
  border-radius: ${({ theme }) => theme.radius.medium}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  h2 {
    margin: 0 0 8px;
    font-size: ${({ theme }) => theme.font.size.large};
  }
  p {
    margin: 0 0 8px;
  }
`;

/** A citation marker: a small button after the sentence that shows the passage it quotes. */
const Marker = styled.button`
  margin-left: 2px;
  padding: 0 2px;
  border: none;
  background: none;
  color: ${({ theme }) => theme.colors.accent};
  font: inherit;
  font-size: ${({ theme }) => theme.font.size.small};
  vertical-align: super;
  cursor: pointer;
`;

const Passage = styled.div`
  margin: 8px 0 16px;
  blockquote {
    margin: 0 0 8px;
    padding-left: 12px;
    border-left: 3px solid ${({ theme }) => theme.colors.border};
  }
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.small};
`;

/** The answer's sentences in runs of one article each (they come grouped by article). */
function paragraphsOf(answer: AskResponse): AnswerSentence[][] {
  const articleOf = new Map(answer.citations.map((citation) => [citation.n, citation.post_id]));
  const paragraphs: AnswerSentence[][] = [];
  let article: number | undefined;
  for (const sentence of answer.sentences) {
    const sentenceArticle = articleOf.get(sentence.citations[0]!);
    if (paragraphs.length === 0 || sentenceArticle !== article) paragraphs.push([]);
    paragraphs.at(-1)!.push(sentence);
    article = sentenceArticle;
  }
  return paragraphs;
}

function CitedPassage({ citation, answer }: { citation: Citation; answer: AskResponse }) {
  const card = answer.articles.find((article) => article.post_id === citation.post_id);
  const link = httpUrlOrUndefined(citation.link);
  return (
    <Passage id={`passage-${citation.n}`} role="region" aria-label={`Passage ${citation.n}`}>
      <blockquote>{citation.passage}</blockquote>
      {link ? (
        <p>
          <a href={link} target="_blank" rel="noopener noreferrer">
            Open the passage in the article
          </a>
        </p>
      ) : null}
      {card ? <ArticleCard article={card} /> : null}
    </Passage>
  );
}

/**
 * The archive's answer to a question, above the search results (docs/decisions/0038): sentences
 * quoted from articles (or written by the site's chat model and checked), each with [n] markers that show the passage it quotes, a link opening the
 * article at it and the article's card; or, when no article answers it, that said and the nearest
 * articles.
 */
export function ArchiveAnswer({ question }: { question: string }) {
  const headingId = useId();
  const { data: answer, isLoading, isError } = useAskArchiveQuery(question);
  const [open, setOpen] = useState<number | null>(null);
  // A failed answer leaves the search results alone: the block is only extra.
  if (isError) return null;
  return (
    <Block aria-labelledby={headingId} aria-live="polite">
      <h2 id={headingId}>Answer from the archive</h2>
      {isLoading || !answer ? <Loader label="Looking for an answer" /> : null}
      {answer?.abstained ? (
        <>
          <p role="status">{answer.message}.</p>
          {answer.articles.length > 0 ? <Muted>The nearest articles:</Muted> : null}
          {answer.articles.map((article) => (
            <ArticleCard key={article.post_id} article={article} />
          ))}
        </>
      ) : null}
      {answer && !answer.abstained ? (
        <>
          {paragraphsOf(answer).map((sentences) => (
            <p key={`${sentences[0]!.citations[0]}:${sentences[0]!.text}`}>
              {sentences.map((sentence) => (
                <span key={`${sentence.citations[0]}:${sentence.text}`}>
                  {sentence.text}
                  {sentence.citations.map((n) => (
                    <Marker
                      key={n}
                      type="button"
                      aria-expanded={open === n}
                      aria-controls={open === n ? `passage-${n}` : undefined}
                      aria-label={`Passage ${n}`}
                      onClick={() => setOpen(open === n ? null : n)}
                    >
                      [{n}]
                    </Marker>
                  ))}{' '}
                </span>
              ))}
            </p>
          ))}
          {answer.citations
            .filter((citation) => citation.n === open)
            .map((citation) => (
              <CitedPassage key={citation.n} citation={citation} answer={answer} />
            ))}
          <Muted>
            {answer.kind === 'written'
              ? 'Written by a chat model from the passages it cites; every name and figure checked against them.'
              : 'Quoted from the articles, not written by a model.'}
          </Muted>
        </>
      ) : null}
    </Block>
  );
}
