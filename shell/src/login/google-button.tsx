import { useEffect, useRef } from 'react';
import { usePublicConfigQuery } from '@blogstream/shared/api';
import {
  checkSession,
  loginDialogClosed,
  useAppDispatch,
  useAppStore,
} from '@blogstream/shared/store';
import { loadGoogleIdentity } from '../session/google-identity';
import { useSsoGoogleMutation } from '../session/session-api';

/**
 * Google's own sign-in button, shown only when the server has a Google client id. Success
 * starts our session, re-reads it and closes the dialog; failure is silent (spec §8).
 */
export function GoogleButton({ purpose }: { purpose: 'signin_with' | 'signup_with' }) {
  const { data: config } = usePublicConfigQuery();
  const clientId = config?.googleClientId;
  const container = useRef<HTMLDivElement>(null);
  const [ssoGoogle] = useSsoGoogleMutation();
  const dispatch = useAppDispatch();
  const store = useAppStore();

  useEffect(() => {
    if (!clientId) return;
    let cancelled = false;
    loadGoogleIdentity()
      .then((google) => {
        if (cancelled || !container.current) return;
        google.initialize({
          client_id: clientId,
          callback: async ({ credential }) => {
            const result = await ssoGoogle({ id_token: credential });
            if (!('data' in result)) {
              console.warn('Google sign-in failed', result.error);
              return;
            }
            await checkSession(store);
            dispatch(loginDialogClosed());
          },
        });
        google.renderButton(container.current, { text: purpose, width: 280 });
      })
      .catch((error: unknown) => console.warn(error));
    return () => {
      cancelled = true;
    };
  }, [clientId, purpose, ssoGoogle, dispatch, store]);

  if (!clientId) return null;
  return <div ref={container} data-testid="google-sign-in" />;
}
