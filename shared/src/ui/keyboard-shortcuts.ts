import { useEffect } from 'react';

/**
 * The site's keyboard shortcuts (decision 0023), as the shortcuts dialog lists them. The feed's act on
 * the focused card (shared/src/widgets/feed-keyboard.ts), the others anywhere (the shell).
 */
export const KEYBOARD_SHORTCUTS = [
  { key: 'j', action: 'Next article' },
  { key: 'k', action: 'Previous article' },
  { key: 'o', action: 'Open the article' },
  { key: 'r', action: 'Read the article here' },
  { key: 'b', action: 'Bookmark the article' },
  { key: 's', action: "Show the article's summary" },
  { key: 'm', action: 'More like this article' },
  { key: 'u', action: 'Show more like this in your feed' },
  { key: 'd', action: 'Show less like this in your feed' },
  { key: '/', action: 'Search' },
  { key: '?', action: 'Show these shortcuts' },
] as const;

export type ShortcutKey = (typeof KEYBOARD_SHORTCUTS)[number]['key'];

const shortcutKeys = new Set<string>(KEYBOARD_SHORTCUTS.map(({ key }) => key));

const TYPING = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])';
/** While one of these is open its keys are its own (dialogs, menus, a select's list). */
const OPEN_POPUP = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]';

/**
 * The shortcut a key press stands for, or null when the press belongs to something else: typing
 * in a field, a key with Ctrl, Alt or Meta, an open dialog or menu, or a press already handled.
 */
export function shortcutOf(event: KeyboardEvent): ShortcutKey | null {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return null;
  if (!shortcutKeys.has(event.key)) return null;
  if (event.target instanceof Element && event.target.closest(TYPING)) return null;
  if (document.querySelector(OPEN_POPUP)) return null;
  return event.key as ShortcutKey;
}

/**
 * Calls `onShortcut` for each shortcut pressed on the page; it returns true when it acted, and the
 * key's default (typing '/' into the page's find bar) is then prevented.
 */
export function useShortcuts(onShortcut: (key: ShortcutKey) => boolean): void {
  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      const key = shortcutOf(event);
      if (key && onShortcut(key)) event.preventDefault();
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [onShortcut]);
}
