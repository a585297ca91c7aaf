import { useEffect, type ReactNode } from 'react';
import {
  loginDialogRequested,
  selectLoggedIn,
  useAppDispatch,
  useAppSelector,
} from '@blogstream/shared/store';
import { Loader } from '@blogstream/shared/ui';

/**
 * Shows reader-only content to signed-in readers; visitors get the login dialog (spec §6) and a
 * line saying why the page is empty.
 */
export function RequireReader({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const loggedIn = useAppSelector(selectLoggedIn);
  useEffect(() => {
    if (loggedIn === false) dispatch(loginDialogRequested());
  }, [loggedIn, dispatch]);
  if (loggedIn === 'unknown') return <Loader />;
  if (loggedIn === false) return <p>Sign in to see this page.</p>;
  return <>{children}</>;
}
