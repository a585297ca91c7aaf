import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { EMAIL_VERIFIED_QUERY_PARAM } from '@blogstream/shared/contract/browser';
import { messages } from '@blogstream/shared/lib';
import {
  loginDialogRequested,
  selectLoggedIn,
  snackbarDismissed,
  snackbarShown,
  useAppDispatch,
  useAppSelector,
} from '@blogstream/shared/store';

const NOTICE_DURATION_MS = 6000;

/**
 * The e-mailed verification link lands on `/?emailVerified=ok|expired`: say what happened, offer
 * the login dialog, and drop the parameter from the address. The notice asks the reader to sign
 * in, so it goes once they have: it would cover the first-time topics dialog on a phone.
 */
export function useEmailVerifiedNotice(): void {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const loggedIn = useAppSelector(selectLoggedIn);
  const noticeId = useRef<number | null>(null);
  useEffect(() => {
    const params = new URLSearchParams(search);
    const outcome = params.get(EMAIL_VERIFIED_QUERY_PARAM);
    if (!outcome) return;
    const verified = outcome === 'ok';
    const notice = dispatch(
      snackbarShown(verified ? messages.emailVerified : messages.verificationLinkExpired, {
        severity: verified ? 'success' : 'error',
        durationMs: NOTICE_DURATION_MS,
      }),
    );
    noticeId.current = notice.payload.id;
    dispatch(loginDialogRequested());
    params.delete(EMAIL_VERIFIED_QUERY_PARAM);
    const rest = params.toString();
    navigate(`${pathname}${rest ? `?${rest}` : ''}`, { replace: true });
  }, [dispatch, navigate, pathname, search]);
  useEffect(() => {
    if (loggedIn !== true || noticeId.current === null) return;
    dispatch(snackbarDismissed(noticeId.current));
    noticeId.current = null;
  }, [dispatch, loggedIn]);
}
