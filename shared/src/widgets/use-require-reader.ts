import {
  loginDialogRequested,
  selectLoggedIn,
  useAppDispatch,
  useAppSelector,
} from '@blogstream/shared/store';

/**
 * Wraps a card action that needs a signed-in reader: a visitor gets the sign-in dialog instead.
 */
export function useRequireReader(): (action: () => void) => () => void {
  const dispatch = useAppDispatch();
  const loggedIn = useAppSelector(selectLoggedIn);
  return (action) => () => {
    if (loggedIn === true) action();
    else dispatch(loginDialogRequested());
  };
}
