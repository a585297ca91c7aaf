import { createContext, lazy, Suspense, useContext, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import {
  useBookmarkPostMutation,
  useMarkReadMutation,
  useRemoveBookmarkMutation,
} from '@blogstream/shared/api';
import type { Article } from '@blogstream/shared/contract';
import { clientPath } from '@blogstream/shared/contract/browser';
import {
  GENRE_TAGS,
  httpUrlOrUndefined,
  messages,
  previewText,
  THUMBNAIL_HEIGHT,
  THUMBNAIL_WIDTH,
  thumbnailUrl,
  timeAgo,
  type ReaderLocationState,
} from '@blogstream/shared/lib';
import {
  selectLoggedIn,
  snackbarShown,
  useAppDispatch,
  useAppSelector,
} from '@blogstream/shared/store';
import {
  AddToCollectionIcon,
  BookmarkIcon,
  FilterIcon,
  IconButton,
  media,
  ReadIcon,
  SimilarIcon,
  SparkleIcon,
  useIsMobile,
} from '@blogstream/shared/ui';
import { ArticleFeedbackButtons } from './article-feedback-buttons.js';
import { ArticleMenu } from './article-menu.js';
import { SummaryPanel } from './summary-panel.js';
import { useRequireReader } from './use-require-reader.js';
import { useSummaryToggle } from './use-summary.js';

/**
 * Loaded when a reader first opens it: it brings the dialog and checkbox primitives, which a page
 * of cards does not need to show.
 */
const CollectionDialog = lazy(() =>
  import('./collection-dialog.js').then((loaded) => ({ default: loaded.CollectionDialog })),
);

/** Preview lengths in characters (spec §9: 250/150 by default). */
export interface PreviewLength {
  desktop: number;
  mobile: number;
}

const DEFAULT_PREVIEW: PreviewLength = { desktop: 250, mobile: 150 };

const Card = styled.article<{ $highlighted: boolean }>`
  padding: 16px;
  border: 1px solid
    ${({ theme, $highlighted }) => ($highlighted ? theme.colors.accent : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius.medium}px;
  background: ${({ theme }) => theme.colors.background};
  /* j and k scroll the focused card into view below the fixed top bar. */
  scroll-margin: ${({ theme }) => theme.layout.topBarHeight + 16}px 0 16px;
`;

const Body = styled.div`
  display: flex;
  gap: 16px;
  ${media.mobile} {
    flex-direction: column-reverse;
  }
`;

const Text = styled.div`
  flex: 1;
  min-width: 0;
`;

/** A read article's title is muted; the card also says "Read" in words (not colour alone). */
const Title = styled.h3<{ $read: boolean }>`
  margin: 0 0 6px;
  font-size: 1.1rem;
  a {
    text-decoration: none;
    ${({ theme, $read }) => ($read ? `color: ${theme.colors.textMuted};` : '')}
  }
  a:hover {
    text-decoration: underline;
  }
`;

const Description = styled.p`
  margin: 0 0 8px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The box is reserved at the thumbnail's 3:2 ratio before the image arrives: no layout shift. */
const Thumbnail = styled.img`
  width: 150px;
  height: auto;
  aspect-ratio: ${THUMBNAIL_WIDTH} / ${THUMBNAIL_HEIGHT};
  object-fit: cover;
  border-radius: ${({ theme }) => theme.radius.small}px;
  background: ${({ theme }) => theme.colors.surface};
  flex: none;
  align-self: flex-start;
  ${media.mobile} {
    width: 100%;
  }
`;

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px 8px;
  font-size: ${({ theme }) => theme.font.size.small};
  color: ${({ theme }) => theme.colors.textMuted};
  img {
    width: 20px;
    height: 20px;
    border-radius: 4px;
  }
  a,
  time {
    white-space: nowrap;
  }
  a {
    text-decoration: none;
    color: ${({ theme }) => theme.colors.text};
  }
`;

/** A line under the preview: where else the story ran, why the card is in the reader's feed. */
const CardNote = styled.p`
  margin: 0 0 8px;
  font-size: ${({ theme }) => theme.font.size.small};
  color: ${({ theme }) => theme.colors.textMuted};
`;

function StoryCopies({ copies }: { copies: Article['also_on'] }) {
  const linked = copies.flatMap((copy) => {
    const href = httpUrlOrUndefined(copy.link);
    return href ? [{ ...copy, href }] : [];
  });
  if (linked.length === 0) return null;
  return (
    <CardNote>
      Also on:{' '}
      {linked.map((copy, index) => (
        <span key={copy.post_id}>
          {index > 0 ? ', ' : null}
          <a href={copy.href} target="_blank" rel="noopener noreferrer">
            {copy.source_name}
          </a>
        </span>
      ))}
    </CardNote>
  );
}

/** Eight controls are wider than a phone's card: they wrap, right-aligned, never past its edge. */
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  align-items: center;
  gap: 4px;
  min-width: 0;
  margin-left: auto;
`;

/**
 * Narrows the feed around a card to the card's blog: given by a feed the reader can narrow
 * (FilteredFeed), whose cards then offer "Only <source>"; other feeds' cards do not.
 */
export const OnlySourceContext = createContext<((article: Article) => void) | null>(null);

/**
 * The ids of the feed's articles, in order: its cards' "Read here" passes them to the reader view,
 * which reads aloud on to the next one (ReaderLocationState).
 */
export const ReadingListContext = createContext<readonly number[] | null>(null);

export interface ArticleCardProps {
  article: Article;
  previewLength?: PreviewLength;
  /** The first article of more-like-this is shown highlighted. */
  highlighted?: boolean;
}

/** One article: title, preview, image, source, date and the reader's actions (spec §2). */
export function ArticleCard({
  article,
  previewLength = DEFAULT_PREVIEW,
  highlighted = false,
}: ArticleCardProps) {
  const dispatch = useAppDispatch();
  const loggedIn = useAppSelector(selectLoggedIn);
  const isMobile = useIsMobile();
  const titleId = useId();
  // The crawler stores only http(s) URLs; anything else in a row is not rendered as a link.
  const link = httpUrlOrUndefined(article.link);
  const image = httpUrlOrUndefined(article.image);
  // An image that fails to load leaves the card without an image area, not an empty frame.
  const [imageFailed, setImageFailed] = useState(false);
  const summary = useSummaryToggle(article.post_id);
  const [bookmark, bookmarkState] = useBookmarkPostMutation();
  const [removeBookmark, removeState] = useRemoveBookmarkMutation();
  const [collectionsOpen, setCollectionsOpen] = useState(false);
  const bookmarkBusy = bookmarkState.isLoading || removeState.isLoading;
  const [markRead] = useMarkReadMutation();
  const onlySource = useContext(OnlySourceContext);
  const readingList = useContext(ReadingListContext);
  // Opening the article (click, middle click, the keyboard) marks it read for a signed-in reader.
  const opened = () => {
    if (loggedIn === true && !article.read) void markRead(article.post_id);
  };

  const requireReader = useRequireReader();

  const toggleBookmark = async () => {
    const result = article.bookmarked
      ? await removeBookmark(article.post_id)
      : await bookmark(article.post_id);
    if ('error' in result) {
      console.error('Bookmark change failed', result.error);
      return;
    }
    dispatch(
      snackbarShown(result.data.bookmarked ? messages.addedToBookmarks : messages.removedBookmark),
    );
  };

  return (
    // Focusable for the feed's j/k shortcuts; aria-keyshortcuts marks each one's control.
    <Card $highlighted={highlighted} aria-labelledby={titleId} tabIndex={-1}>
      <Body>
        <Text>
          <Title id={titleId} $read={article.read}>
            <a
              href={link}
              target="_blank"
              rel="noopener noreferrer"
              onClick={opened}
              onAuxClick={opened}
              aria-keyshortcuts="o"
            >
              {article.title}
            </a>
          </Title>
          {article.description ? (
            <Description>
              {previewText(
                article.description,
                isMobile ? previewLength.mobile : previewLength.desktop,
              )}
            </Description>
          ) : null}
          <StoryCopies copies={article.also_on} />
          {article.why && article.why.length > 0 ? (
            <CardNote>Why this: {article.why.join(' · ')}</CardNote>
          ) : null}
        </Text>
        {image && !imageFailed ? (
          <Thumbnail
            src={thumbnailUrl(image)}
            alt=""
            width={THUMBNAIL_WIDTH}
            height={THUMBNAIL_HEIGHT}
            loading="lazy"
            referrerPolicy="no-referrer"
            onError={() => setImageFailed(true)}
          />
        ) : null}
      </Body>
      <Meta>
        <img src={`/static/logos/${article.source_logo_file}`} alt="" loading="lazy" />
        <Link to={clientPath('sourceByUrlName', { sourceUrlName: article.source_url_name })}>
          {article.source_name}
        </Link>
        {onlySource ? (
          <IconButton
            type="button"
            aria-label={`Only ${article.source_name}`}
            title={`Only ${article.source_name}`}
            onClick={() => onlySource(article)}
          >
            <FilterIcon size={16} />
          </IconButton>
        ) : null}
        {article.publishing_date ? (
          <>
            <span aria-hidden>·</span>
            <time dateTime={article.publishing_date}>{timeAgo(article.publishing_date)}</time>
          </>
        ) : null}
        {article.genre ? (
          <>
            <span aria-hidden>·</span>
            <span>{GENRE_TAGS[article.genre]}</span>
          </>
        ) : null}
        {article.read ? (
          <>
            <span aria-hidden>·</span>
            <span>Read</span>
          </>
        ) : null}
        <Actions>
          <IconButton
            type="button"
            aria-label="Summary"
            aria-keyshortcuts="s"
            aria-expanded={summary.state.status !== 'hidden'}
            onClick={() => void summary.toggle()}
          >
            <SparkleIcon />
          </IconButton>
          <IconButton
            as={Link}
            to={clientPath('reader', { articleId: article.post_id })}
            state={readingList ? ({ readingList } satisfies ReaderLocationState) : undefined}
            aria-label="Read here"
            aria-keyshortcuts="r"
          >
            <ReadIcon />
          </IconButton>
          <IconButton
            as={Link}
            to={clientPath('moreLikeThis', { articleId: article.post_id })}
            aria-label="More like this"
            aria-keyshortcuts="m"
          >
            <SimilarIcon />
          </IconButton>
          <ArticleFeedbackButtons article={article} />
          <IconButton
            type="button"
            aria-label={article.bookmarked ? 'Remove bookmark' : 'Bookmark'}
            aria-keyshortcuts="b"
            aria-pressed={article.bookmarked}
            disabled={bookmarkBusy}
            onClick={requireReader(() => void toggleBookmark())}
          >
            <BookmarkIcon filled={article.bookmarked} />
          </IconButton>
          <IconButton
            type="button"
            aria-label="Add to collection"
            onClick={requireReader(() => setCollectionsOpen(true))}
          >
            <AddToCollectionIcon />
          </IconButton>
          <ArticleMenu article={article} />
        </Actions>
      </Meta>
      <SummaryPanel state={summary.state} titleId={titleId} />
      {collectionsOpen ? (
        <Suspense fallback={null}>
          <CollectionDialog postId={article.post_id} onClose={() => setCollectionsOpen(false)} />
        </Suspense>
      ) : null}
    </Card>
  );
}
