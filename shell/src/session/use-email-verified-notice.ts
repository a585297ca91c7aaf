import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { EMAIL_VERIFIED_QUERY_PARAM } from '@blogstream/shared/contract/browser';
import { messages } from '@blogstream/shared/lib';
import { loginDialogRequested, snackbarShown, useAppDispatch } from '@blogstream/shared/store';

const NOTICE_DURATION_MS = 6000;

/**
 * The e-mailed verification link lands on `/?emailVerified=ok|expired`: say what happened, offer
 * the login dialog, and drop the parameter from the address.
 */
export function useEmailVerifiedNotice(): void {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    const params = new URLSearchParams(search);
    const outcome = params.get(EMAIL_VERIFIED_QUERY_PARAM);
    if (!outcome) return;
    const verified = outcome === 'ok';
    dispatch(
      snackbarShown(verified ? messages.emailVerified : messages.verificationLinkExpired, {
        severity: verified ? 'success' : 'error',
        durationMs: NOTICE_DURATION_MS,
      }),
    );
    dispatch(loginDialogRequested());
    params.delete(EMAIL_VERIFIED_QUERY_PARAM);
    const rest = params.toString();
    navigate(`${pathname}${rest ? `?${rest}` : ''}`, { replace: true });
  }, [dispatch, navigate, pathname, search]);
}
