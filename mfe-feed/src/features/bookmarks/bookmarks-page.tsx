import { TitledPage } from '@blogstream/shared/mfe';
import { InfiniteFeed } from '@blogstream/shared/widgets';

export function BookmarksPage() {
  return (
    <TitledPage title="Bookmarks" readersOnly>
      <InfiniteFeed call={{ name: 'bookmarksFeed' }} />
    </TitledPage>
  );
}
