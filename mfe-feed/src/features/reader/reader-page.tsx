import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { useMarkReadMutation } from '@blogstream/shared/api';
import type { ArticleText, Highlight } from '@blogstream/shared/contract';
import { clientPath, endpointPath } from '@blogstream/shared/contract/browser';
import {
  httpUrlOrUndefined,
  nextInList,
  readerLocationState,
  readingText,
  selectorOf,
  type ReaderLocationState,
} from '@blogstream/shared/lib';
import { usePageMeta } from '@blogstream/shared/mfe';
import {
  selectLoggedIn,
  snackbarShown,
  useAppDispatch,
  useAppSelector,
} from '@blogstream/shared/store';
import { Loader, media, OpenInNewIcon } from '@blogstream/shared/ui';
import { useRequireReader } from '@blogstream/shared/widgets';
import { ArticleBlocks, type PlacedHighlight } from './article-blocks';
import { HighlightItem } from './highlight-item';
import { sentencesOf, useListen } from './listen';
import { ListenControls } from './listen-controls';
import {
  useAddHighlightMutation,
  useGetArticleHighlightsQuery,
  useGetArticleTextQuery,
} from './reader-api';
import { useSelectedPassage } from './selection';
import { SelectionToolbar } from './selection-toolbar';

/** A column of comfortable measure: about 70 characters a line, larger type, loose leading. */
const Column = styled.article`
  max-width: 70ch;
  margin: 0 auto;
  padding: 24px 16px 96px;
  font-size: 1.125rem;
  line-height: 1.7;
  overflow-wrap: break-word;
  ${media.mobile} {
    font-size: 1.0625rem;
    padding-top: 16px;
  }
  h1 {
    font-size: 2rem;
    line-height: 1.25;
    margin: 0 0 12px;
    ${media.mobile} {
      font-size: 1.5rem;
    }
  }
  h2 {
    font-size: 1.3rem;
    line-height: 1.3;
    margin: 1.6em 0 0.4em;
  }
  h3,
  h4,
  h5,
  h6 {
    font-size: 1.1rem;
    line-height: 1.35;
    margin: 1.4em 0 0.4em;
  }
  p,
  ul,
  blockquote,
  pre {
    margin: 0 0 1em;
  }
  blockquote {
    padding-left: 16px;
    border-left: 3px solid ${({ theme }) => theme.colors.border};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  /* Code keeps its lines and indentation; long lines wrap, so no region scrolls sideways. */
  pre {
    padding: 12px 16px;
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.small}px;
    font-size: 0.875rem;
    line-height: 1.5;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  code {
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  }
  img {
    max-width: 100%;
    height: auto;
  }
`;

const Byline = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 12px;
  font-size: ${({ theme }) => theme.font.size.small};
  color: ${({ theme }) => theme.colors.textMuted};
  a {
    color: ${({ theme }) => theme.colors.text};
  }
`;

const LeadImage = styled.img`
  display: block;
  margin: 16px 0 24px;
  border-radius: ${({ theme }) => theme.radius.medium}px;
`;

const Unavailable = styled.p`
  padding: 16px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium}px;
  background: ${({ theme }) => theme.colors.surface};
`;

const HighlightsSection = styled.section`
  margin-top: 48px;
  font-size: 1rem;
  ul {
    padding: 0;
  }
`;

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' });

function ArticleHeader({ data, original }: { data: ArticleText; original: string | undefined }) {
  const { article } = data;
  return (
    <header>
      <h1 id="reader-title">{article.title}</h1>
      <Byline>
        <Link to={clientPath('sourceByUrlName', { sourceUrlName: article.source_url_name })}>
          {article.source_name}
        </Link>
        {article.publishing_date ? (
          <time dateTime={article.publishing_date}>
            {dateFormat.format(new Date(article.publishing_date))}
          </time>
        ) : null}
        {data.reading_minutes > 0 ? <span>{data.reading_minutes} min read</span> : null}
        {original ? (
          <a href={original} target="_blank" rel="noopener noreferrer">
            Open the original <OpenInNewIcon size={16} />
          </a>
        ) : null}
      </Byline>
    </header>
  );
}

const placedOf = (highlights: readonly Highlight[]): PlacedHighlight[] =>
  highlights.flatMap(({ highlight_id: highlightId, placement }) =>
    placement ? [{ highlightId, ...placement }] : [],
  );

/**
 * The reader view (docs/decisions/0037): the article's stored text with its source, date,
 * reading time and original link on top, the reader's highlights marked in it and listed under
 * it. Selecting a passage offers Highlight and Add note. A visit marks the article read, as
 * opening it from a card does.
 */
export function ReaderPage() {
  const articleId = useParams().articleId;
  // Each article starts afresh (no selection, image or reading carried over from the last one).
  return <ReaderArticle key={articleId} postId={Number(articleId)} />;
}

function ReaderArticle({ postId }: { postId: number }) {
  const valid = Number.isInteger(postId) && postId > 0;
  const navigate = useNavigate();
  const location = useLocation();
  const list = readerLocationState(location.state);
  const dispatch = useAppDispatch();
  const requireReader = useRequireReader();
  const loggedIn = useAppSelector(selectLoggedIn);
  const { data, isLoading, isError } = useGetArticleTextQuery(postId, { skip: !valid });
  const highlights = useGetArticleHighlightsQuery(postId, { skip: !valid || loggedIn !== true });
  const [markRead] = useMarkReadMutation();
  const [addHighlight] = useAddHighlightMutation();
  const body = useRef<HTMLDivElement>(null);
  const [writingNote, setWritingNote] = useState(false);
  // An image that fails to load leaves no broken frame above the text, as on a card.
  const [imageFailed, setImageFailed] = useState(false);
  const text = useMemo(() => (data ? readingText(data.blocks) : ''), [data]);
  const sentences = useMemo(() => (data ? sentencesOf(data.blocks) : []), [data]);
  const next = list && nextInList(list.readingList, postId);
  const readNext = () => {
    if (next === null || !list) return;
    const state: ReaderLocationState = { readingList: list.readingList, listening: true };
    void navigate(clientPath('reader', { articleId: next }), { state });
  };
  // Reading aloud went on from the article before: this one is read at once.
  const listen = useListen(sentences, readNext, list?.listening === true);
  usePageMeta({ title: data?.article.title ?? 'Reader', description: data?.article.description });

  const read = data?.article.read;
  useEffect(() => {
    if (loggedIn === true && read === false) void markRead(postId);
  }, [loggedIn, read, postId, markRead]);

  const {
    passage,
    update: updatePassage,
    clear: clearPassage,
  } = useSelectedPassage(body, text, writingNote);

  const save = async (note: string) => {
    if (!passage) return;
    const result = await addHighlight({
      postId,
      selector: selectorOf(text, passage.start, passage.end),
      ...(note.trim() ? { note } : {}),
    });
    if ('error' in result) {
      dispatch(snackbarShown('The highlight could not be saved. Please try again.'));
      return;
    }
    document.getSelection()?.removeAllRanges();
    clearPassage();
  };
  const highlight = (note: string) => {
    setWritingNote(false);
    requireReader(() => void save(note))();
  };

  if (!valid || isError) {
    return (
      <Column>
        <p>This article is not here.</p>
      </Column>
    );
  }
  if (isLoading || !data) return <Loader />;
  const original = httpUrlOrUndefined(data.article.link);
  const image = httpUrlOrUndefined(data.article.image);
  const mine = highlights.data ?? [];
  return (
    <Column aria-labelledby="reader-title">
      <ArticleHeader data={data} original={original} />
      {sentences.length > 0 ? <ListenControls listen={listen} /> : null}
      {image && !imageFailed ? (
        <LeadImage
          src={image}
          alt=""
          referrerPolicy="no-referrer"
          onError={() => setImageFailed(true)}
        />
      ) : null}
      {data.blocks.length === 0 ? (
        <Unavailable>
          Full text unavailable:{' '}
          {original ? (
            <a href={original} target="_blank" rel="noopener noreferrer">
              open the original
            </a>
          ) : (
            'the original is not linked'
          )}
          .
        </Unavailable>
      ) : (
        <div ref={body} onMouseUp={updatePassage} onKeyUp={updatePassage}>
          <ArticleBlocks
            blocks={data.blocks}
            highlights={placedOf(mine)}
            spoken={listen.sentence}
          />
        </div>
      )}
      {mine.length > 0 ? (
        <HighlightsSection aria-labelledby="reader-highlights">
          <h2 id="reader-highlights">Your highlights</h2>
          <a href={endpointPath('exportArticleHighlights', { postId })} download>
            Export as Markdown
          </a>
          <ul>
            {mine.map((item) => (
              <HighlightItem key={item.highlight_id} highlight={item} />
            ))}
          </ul>
        </HighlightsSection>
      ) : null}
      {passage ? (
        <SelectionToolbar
          writing={writingNote}
          onWrite={() => setWritingNote(true)}
          onCancel={() => setWritingNote(false)}
          onHighlight={highlight}
        />
      ) : null}
    </Column>
  );
}
