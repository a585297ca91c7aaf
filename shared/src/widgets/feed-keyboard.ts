import type { RefObject } from 'react';
import { useShortcuts, type ShortcutKey } from '@blogstream/shared/ui';

/** The cards of a feed: each list item's article (ArticleCard), focusable from script. */
const CARDS = 'li > article';

/** The card holding the focus, else the first one whose top is on screen. */
function currentCard(cards: HTMLElement[]): { card: HTMLElement | undefined; focused: boolean } {
  const focused = cards.find((card) => card.contains(document.activeElement));
  if (focused) return { card: focused, focused: true };
  return {
    card: cards.find((card) => card.getBoundingClientRect().top >= 0) ?? cards[0],
    focused: false,
  };
}

function focusCard(card: HTMLElement | undefined): boolean {
  if (!card) return false;
  card.focus({ preventScroll: true });
  card.scrollIntoView({ block: 'nearest' });
  return true;
}

/**
 * The feed's keyboard shortcuts: j and k move the focus to the next and previous card, scrolling
 * it into view; o, r, b, s, m, u and d press the focused card's control marked with that key in its
 * `aria-keyshortcuts` (open, read here, bookmark, summary, more like this, and show more or less
 * like this in the reader's feed).
 */
export function useFeedKeyboard(feed: RefObject<HTMLElement | null>): void {
  useShortcuts((key: ShortcutKey) => {
    const cards = [...(feed.current?.querySelectorAll<HTMLElement>(CARDS) ?? [])];
    const { card, focused } = currentCard(cards);
    if (!card) return false;
    if (key === 'j' || key === 'k') {
      if (!focused) return focusCard(card);
      return focusCard(cards[cards.indexOf(card) + (key === 'j' ? 1 : -1)]);
    }
    const control = focused
      ? card.querySelector<HTMLElement>(`[aria-keyshortcuts="${key}"]`)
      : null;
    control?.click();
    return control !== null;
  });
}
