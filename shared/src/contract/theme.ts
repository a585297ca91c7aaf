/**
 * The reader's colour theme (decision 0023): 'system' follows the device's `prefers-color-scheme`,
 * 'light' and 'dark' override it. A visitor's choice is kept in localStorage under
 * THEME_STORAGE_KEY, a signed-in reader's with their settings.
 */
export const THEME_PREFERENCES = ['system', 'light', 'dark'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];

export const THEME_STORAGE_KEY = 'blogstream-theme';
