import { lazy, Suspense, useState } from 'react';
import type { Article } from '@blogstream/shared/contract';
import {
  loginDialogRequested,
  selectLoggedIn,
  useAppDispatch,
  useAppSelector,
} from '@blogstream/shared/store';
import { IconButton, MoreIcon } from '@blogstream/shared/ui';

/** The menu itself (Radix's dropdown and its positioning) loads on a reader's first click. */
const ReaderArticleMenu = lazy(() =>
  import('./reader-article-menu.js').then((loaded) => ({ default: loaded.ReaderArticleMenu })),
);

/**
 * The card's "More actions" button (decision 0022): for a signed-in reader, the menu to mark read or
 * unread and to mute the source, a topic or a keyword; a visitor gets the sign-in dialog instead,
 * as for bookmarks. Every card has one, so the menu's code is not loaded until it is wanted.
 */
export function ArticleMenu({ article }: { article: Article }) {
  const dispatch = useAppDispatch();
  const loggedIn = useAppSelector(selectLoggedIn);
  const [wanted, setWanted] = useState(false);
  const button = (onClick?: () => void) => (
    <IconButton type="button" aria-label="More actions" aria-haspopup="menu" onClick={onClick}>
      <MoreIcon />
    </IconButton>
  );

  if (loggedIn !== true) return button(() => dispatch(loginDialogRequested()));
  if (!wanted) return button(() => setWanted(true));
  return (
    <Suspense fallback={button()}>
      <ReaderArticleMenu article={article} />
    </Suspense>
  );
}
