import { useEffect } from 'react';
import { settingsApi } from '@blogstream/shared/api';
import { selectLoggedIn, useAppDispatch, useAppSelector } from '@blogstream/shared/store';
import { applyThemePreference } from '@blogstream/shared/ui';

/**
 * When a reader is known to be signed in, shows the theme kept with their settings (chosen on
 * another device, perhaps) and keeps it on this device for the next first paint.
 */
export function useReaderTheme(): void {
  const dispatch = useAppDispatch();
  const loggedIn = useAppSelector(selectLoggedIn);
  useEffect(() => {
    if (loggedIn !== true) return;
    const request = dispatch(settingsApi.endpoints.getUserSettings.initiate());
    request
      .unwrap()
      .then((settings) => applyThemePreference(settings.theme))
      .catch((error: unknown) => console.warn("Loading the reader's theme failed", error));
    return () => request.unsubscribe();
  }, [loggedIn, dispatch]);
}
