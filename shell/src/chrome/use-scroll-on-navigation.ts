import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const savedPositions = new Map<string, number>();
const RESTORE_ATTEMPTS = 30;

/** Scrolls back to `top` once the page (whose remotes render asynchronously) is tall enough. */
function restoreWhenTallEnough(top: number, attempt = 0): number {
  const reachable = document.documentElement.scrollHeight - window.innerHeight >= top;
  if (reachable || attempt >= RESTORE_ATTEMPTS) {
    window.scrollTo({ top });
    return 0;
  }
  return requestAnimationFrame(() => restoreWhenTallEnough(top, attempt + 1));
}

/**
 * Spec §2 navigation: a new page starts at the top, or smoothly at its #hash target; back and
 * forward return to the position the reader left that page at.
 */
export function useScrollOnNavigation(): void {
  const { pathname, hash, key } = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
  }, []);

  useEffect(() => {
    const remember = () => savedPositions.set(key, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [key]);

  useEffect(() => {
    if (navigationType === 'POP') {
      const frame = restoreWhenTallEnough(savedPositions.get(key) ?? 0);
      return () => cancelAnimationFrame(frame);
    }
    if (hash) {
      document
        .getElementById(decodeURIComponent(hash.slice(1)))
        ?.scrollIntoView({ behavior: 'smooth' });
      return undefined;
    }
    window.scrollTo({ top: 0 });
    return undefined;
  }, [pathname, hash, key, navigationType]);
}
