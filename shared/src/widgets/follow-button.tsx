import { useFollowSourceMutation, useUnfollowSourceMutation } from '@blogstream/shared/api';
import {
  checkSession,
  loginDialogRequested,
  selectLoggedIn,
  useAppDispatch,
  useAppSelector,
  useAppStore,
} from '@blogstream/shared/store';
import { Button, Menu } from '@blogstream/shared/ui';

export interface FollowButtonProps {
  sourceId: number;
  following: boolean;
  /** The Subscribe label: '+ Subscribe' on cards, 'Subscribe' on the source page. */
  subscribeLabel?: string;
}

/**
 * Subscribe, or Subscribed with an Unsubscribe menu (spec §2). Visitors get the login dialog;
 * the flag changes only after the server agreed (spec §4); failures are logged only (spec §8).
 */
export function FollowButton({
  sourceId,
  following,
  subscribeLabel = '+ Subscribe',
}: FollowButtonProps) {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const loggedIn = useAppSelector(selectLoggedIn);
  const [follow, followState] = useFollowSourceMutation();
  const [unfollow, unfollowState] = useUnfollowSourceMutation();
  const busy = followState.isLoading || unfollowState.isLoading;

  const change = async (next: boolean) => {
    if (loggedIn !== true) {
      dispatch(loginDialogRequested());
      return;
    }
    const result = next ? await follow(sourceId) : await unfollow(sourceId);
    if ('error' in result) {
      console.error(next ? 'Follow failed' : 'Unfollow failed', result.error);
      return;
    }
    // follows_sources in the reader's data may have changed.
    await checkSession(store);
  };

  if (!following) {
    return (
      <Button type="button" $variant="outlined" disabled={busy} onClick={() => void change(true)}>
        {subscribeLabel}
      </Button>
    );
  }
  return (
    <Menu
      trigger={
        <Button type="button" disabled={busy}>
          Subscribed
        </Button>
      }
      items={[{ label: 'Unsubscribe', onSelect: () => void change(false) }]}
    />
  );
}
