import { useSyncExternalStore } from 'react';
import { theme } from './theme.js';

const mobileQuery = `(max-width: ${theme.breakpoints.md - 0.05}px)`;

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(mobileQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function isMobileNow(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(mobileQuery).matches;
}

/** True at xs and sm widths (spec §9: mobile layout). */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, isMobileNow, () => false);
}
