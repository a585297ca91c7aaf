import { useCallback } from 'react';
import { httpClient } from '@blogstream/shared/api';
import { signedOut, useAppDispatch } from '@blogstream/shared/store';

/** Ends the session on the server, then returns to / (spec §2: Sign out returns to /). */
export function useSignOut(): () => Promise<void> {
  const dispatch = useAppDispatch();
  return useCallback(async () => {
    try {
      await httpClient.get('/logout');
    } catch (error) {
      console.warn('Sign out request failed; clearing the session locally', error);
    }
    dispatch(signedOut());
    window.location.assign('/');
  }, [dispatch]);
}
