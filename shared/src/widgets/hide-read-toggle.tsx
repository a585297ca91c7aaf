import styled from 'styled-components';
import type { FeedCall } from '@blogstream/shared/api';
import { useGetFeedFiltersQuery, useSaveHideReadMutation } from '@blogstream/shared/api';
import { selectLoggedIn, useAppSelector } from '@blogstream/shared/store';
import { Checkbox } from '@blogstream/shared/ui';

const Bar = styled.div`
  display: flex;
  justify-content: flex-end;
  margin: -8px 0 8px;
`;

/**
 * Whether a feed offers Hide read: every feed but the reader's own lists (bookmarks,
 * collections), which keep what the reader put there, read or not.
 */
export function offersHideRead(call: FeedCall): boolean {
  return call.name !== 'bookmarksFeed' && call.name !== 'collectionFeed';
}

/**
 * The "Hide read" switch above a feed, for a signed-in reader: kept on the server with their
 * settings, so it is the same on every feed and device. Changing it reloads the feeds.
 */
export function HideReadToggle() {
  const loggedIn = useAppSelector(selectLoggedIn) === true;
  const filters = useGetFeedFiltersQuery(undefined, { skip: !loggedIn });
  const [save, saving] = useSaveHideReadMutation();
  if (!loggedIn || !filters.data) return null;
  const checked =
    saving.isLoading && saving.originalArgs !== undefined
      ? saving.originalArgs
      : filters.data.hide_read;
  return (
    <Bar>
      <Checkbox
        label="Hide read"
        checked={checked}
        disabled={saving.isLoading}
        onCheckedChange={(hide) => void save(hide)}
      />
    </Bar>
  );
}
