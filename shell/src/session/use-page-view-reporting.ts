import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { usePublicConfigQuery } from '@blogstream/shared/api';
import { reportPageView } from './session-api';

/**
 * When the operator turned analytics on, the shell reports each route change itself to the
 * site's own counter (spec §9: no automatic page views, no third party, no cookies of its own).
 */
export function usePageViewReporting(): void {
  const enabled = usePublicConfigQuery().data?.analyticsEnabled === true;
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (!enabled) return;
    reportPageView(`${pathname}${search}`).catch((error: unknown) =>
      console.warn('Page view not counted', error),
    );
  }, [enabled, pathname, search]);
}
