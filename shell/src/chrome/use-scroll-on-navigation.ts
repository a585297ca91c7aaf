import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/**
 * New pages start at the top, or smoothly at their #hash target; back and forward keep the
 * browser's own restored position.
 */
export function useScrollOnNavigation(): void {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType === 'POP') return;
    if (hash) {
      document
        .getElementById(decodeURIComponent(hash.slice(1)))
        ?.scrollIntoView({ behavior: 'smooth' });
      return;
    }
    window.scrollTo({ top: 0 });
  }, [pathname, hash, navigationType]);
}
