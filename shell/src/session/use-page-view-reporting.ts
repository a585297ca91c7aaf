import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { callEndpoint, usePublicConfigQuery } from '@blogstream/shared/api';

/**
 * When the operator turned analytics on, the shell reports each route change itself to the
 * site's own counter (spec §9: no automatic page views, no third party, no cookies of its own).
 */
export function usePageViewReporting(): void {
  const enabled = usePublicConfigQuery().data?.analyticsEnabled === true;
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (!enabled) return;
    callEndpoint('pageView', { body: { path: `${pathname}${search}` } }).catch((error: unknown) =>
      console.warn('Page view not counted', error),
    );
  }, [enabled, pathname, search]);
}
