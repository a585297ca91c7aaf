import { useSaveUserSettingsMutation } from '@blogstream/shared/api';
import { THEME_PREFERENCES, type ThemePreference } from '@blogstream/shared/contract/browser';
import { messages } from '@blogstream/shared/lib';
import {
  selectLoggedIn,
  snackbarShown,
  useAppDispatch,
  useAppSelector,
} from '@blogstream/shared/store';
import { applyThemePreference, useThemePreference } from '@blogstream/shared/ui';

export const THEME_LABELS: Record<ThemePreference, string> = {
  system: 'System',
  light: 'Light',
  dark: 'Dark',
};

/** The choice after `preference` in the order System, Light, Dark (the top bar's toggle). */
export const nextThemePreference = (preference: ThemePreference): ThemePreference =>
  THEME_PREFERENCES[(THEME_PREFERENCES.indexOf(preference) + 1) % THEME_PREFERENCES.length] ??
  'system';

/**
 * The reader's theme and how to change it: shown at once and kept on this device, and for a
 * signed-in reader also saved with their settings, so it follows them to their other devices.
 */
export function useThemeChoice(): [ThemePreference, (preference: ThemePreference) => void] {
  const preference = useThemePreference();
  const loggedIn = useAppSelector(selectLoggedIn);
  const dispatch = useAppDispatch();
  const [save] = useSaveUserSettingsMutation();

  const choose = (next: ThemePreference) => {
    applyThemePreference(next);
    if (loggedIn !== true) return;
    void save({ theme: next }).then((result) => {
      if ('error' in result)
        dispatch(snackbarShown(messages.settingsSaveFailed, { severity: 'error' }));
    });
  };
  return [preference, choose];
}
