import { useCallback } from 'react';
import { selectSsoProvider, useAppSelector } from '@blogstream/shared/store';
import { signOutOfGoogle } from './google-identity';
import { signOutOnServer } from './session-api';

/**
 * Ends the session on the server (and Google's, for a Google session), then loads / afresh so
 * no reader data stays in memory (spec §2: Sign out returns to /).
 */
export function useSignOut(): () => Promise<void> {
  const ssoProvider = useAppSelector(selectSsoProvider);
  return useCallback(async () => {
    try {
      await signOutOnServer();
    } catch (error) {
      console.warn('Sign out request failed', error);
    }
    if (ssoProvider === 'google') signOutOfGoogle();
    window.location.assign('/');
  }, [ssoProvider]);
}
