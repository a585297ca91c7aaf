import { useState } from 'react';
import { failureReason, useLazyPostSummaryQuery } from '@blogstream/shared/api';
import { SUMMARY_LOADER_MIN_MS } from '@blogstream/shared/lib';
import type { SummaryState } from './summary-panel.js';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The summary toggle (spec §4): hidden -> loading -> shown, error or unavailable (the article has
 * too little text: SUMMARY_UNAVAILABLE); toggling again hides it. The loader stays at least two
 * seconds (spec §9) so the panel does not flicker.
 */
export function useSummaryToggle(postId: number) {
  const [state, setState] = useState<SummaryState>({ status: 'hidden' });
  const [fetchSummary] = useLazyPostSummaryQuery();

  const toggle = async () => {
    if (state.status !== 'hidden') {
      setState({ status: 'hidden' });
      return;
    }
    setState({ status: 'loading' });
    const [result] = await Promise.all([fetchSummary(postId, true), wait(SUMMARY_LOADER_MIN_MS)]);
    setState((current) => {
      if (current.status !== 'loading') return current;
      if (result.data) return { status: 'shown', summary: result.data };
      return failureReason(result.error) === 'SUMMARY_UNAVAILABLE'
        ? { status: 'unavailable' }
        : { status: 'error' };
    });
  };

  return { state, toggle };
}
