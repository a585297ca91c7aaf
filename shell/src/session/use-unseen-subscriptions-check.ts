import { useEffect } from 'react';
import {
  selectLoggedIn,
  unseenSubscriptionsChecked,
  useAppDispatch,
  useAppSelector,
} from '@blogstream/shared/store';
import { useCheckSubscriptionsUnseenMutation } from './session-api';

/** Once the reader is known to be signed in, asks whether followed sources have news (spec §4). */
export function useUnseenSubscriptionsCheck(): void {
  const dispatch = useAppDispatch();
  const loggedIn = useAppSelector(selectLoggedIn);
  const [checkUnseen] = useCheckSubscriptionsUnseenMutation();
  useEffect(() => {
    if (loggedIn !== true) return;
    checkUnseen()
      .unwrap()
      .then((unseen) => dispatch(unseenSubscriptionsChecked(unseen)))
      .catch((error: unknown) => console.warn('Checking unseen subscriptions failed', error));
  }, [loggedIn, checkUnseen, dispatch]);
}
