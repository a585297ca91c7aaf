import { lazy, Suspense, useState } from 'react';
import {
  useAddMuteMutation,
  useMarkReadMutation,
  useMarkUnreadMutation,
} from '@blogstream/shared/api';
import type { Article, MuteRequest } from '@blogstream/shared/contract';
import { messages } from '@blogstream/shared/lib';
import { snackbarShown, useAppDispatch } from '@blogstream/shared/store';
import { IconButton, Menu, MoreIcon } from '@blogstream/shared/ui';

/** Loaded when a reader first opens it: it brings the form primitive. */
const MuteKeywordDialog = lazy(() =>
  import('./mute-keyword-dialog.js').then((loaded) => ({ default: loaded.MuteKeywordDialog })),
);

/** A card offers to mute at most this many of the article's topics. */
const TOPICS_OFFERED = 3;

/**
 * A signed-in reader's "More actions" menu, open as it mounts (ArticleMenu loads it on the first
 * click): mark read or unread, mute the source, a topic or a keyword.
 */
export function ReaderArticleMenu({ article }: { article: Article }) {
  const dispatch = useAppDispatch();
  const [markRead] = useMarkReadMutation();
  const [markUnread] = useMarkUnreadMutation();
  const [addMute] = useAddMuteMutation();
  const [keywordOpen, setKeywordOpen] = useState(false);

  const mute = async (request: MuteRequest, what: string) => {
    const result = await addMute(request);
    dispatch(
      'error' in result
        ? snackbarShown(messages.genericError, { severity: 'error' })
        : snackbarShown(`Muted ${what}. Settings lists your mutes.`),
    );
  };

  const items = [
    article.read
      ? { label: 'Mark as unread', onSelect: () => void markUnread(article.post_id) }
      : { label: 'Mark as read', onSelect: () => void markRead(article.post_id) },
    {
      label: `Mute ${article.source_name}`,
      onSelect: () =>
        void mute({ kind: 'source', value: article.source_url_name }, article.source_name),
    },
    ...article.topics.slice(0, TOPICS_OFFERED).map((topic) => ({
      label: `Mute topic ${topic}`,
      onSelect: () => void mute({ kind: 'topic', value: topic }, topic),
    })),
    { label: 'Mute a keyword…', onSelect: () => setKeywordOpen(true) },
  ];

  return (
    <>
      <Menu
        trigger={
          <IconButton type="button" aria-label="More actions">
            <MoreIcon />
          </IconButton>
        }
        items={items}
        defaultOpen
      />
      {keywordOpen ? (
        <Suspense fallback={null}>
          <MuteKeywordDialog title={article.title} onClose={() => setKeywordOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
