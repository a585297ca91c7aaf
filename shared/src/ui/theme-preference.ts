import { useSyncExternalStore } from 'react';
import { THEME_STORAGE_KEY, type ThemePreference } from '@blogstream/shared/contract/browser';

/**
 * The theme shown is the `data-theme` attribute of <html> (none: follow the system), which the
 * shell page's boot script sets from this device's kept choice before the first paint. The page
 * is the one place every remote, each a separate build, reads it from.
 */
const root = () => document.documentElement;

export function currentThemePreference(): ThemePreference {
  const shown = root().dataset.theme;
  return shown === 'light' || shown === 'dark' ? shown : 'system';
}

/** Shows the theme at once and keeps it on this device for the next page's first paint. */
export function applyThemePreference(preference: ThemePreference): void {
  if (preference === 'system') delete root().dataset.theme;
  else root().dataset.theme = preference;
  try {
    if (preference === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Storage refused (private mode, quota): the choice holds for this page only.
  }
}

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(root(), { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

/** The theme the page shows, re-rendering when any part of the page changes it. */
export function useThemePreference(): ThemePreference {
  return useSyncExternalStore(subscribe, currentThemePreference, () => 'system');
}
