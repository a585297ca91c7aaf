import {
  loginDialogRequested,
  makeStore,
  selectShowLoginToggle,
  selectSnackbar,
  snackbarDismissed,
  snackbarShown,
} from '@blogstream/shared/store';

describe('ui state', () => {
  it('shows snackbars for one second unless told otherwise', () => {
    const store = makeStore();
    store.dispatch(snackbarShown('Settings saved.'));
    expect(selectSnackbar(store.getState())).toMatchObject({
      message: 'Settings saved.',
      severity: 'info',
      durationMs: 1000,
    });
    store.dispatch(snackbarShown('RSS URL copied to clipboard!', { durationMs: 3000 }));
    expect(selectSnackbar(store.getState())?.durationMs).toBe(3000);
  });

  it('dismisses only the snackbar that timed out, not a newer one', () => {
    const store = makeStore();
    store.dispatch(snackbarShown('first'));
    const first = selectSnackbar(store.getState())!;
    store.dispatch(snackbarShown('second'));
    store.dispatch(snackbarDismissed(first.id));
    expect(selectSnackbar(store.getState())?.message).toBe('second');
  });

  it('opens the login dialog on request from any package', () => {
    const store = makeStore();
    store.dispatch(loginDialogRequested());
    expect(selectShowLoginToggle(store.getState())).toBe(true);
  });

  it('starts with the session unknown', () => {
    expect(makeStore().getState().session.loggedIn).toBe('unknown');
  });
});
