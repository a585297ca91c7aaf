/**
 * The landing page's summary demo (docs/decisions/0009): the first of the demo articles whose
 * stored text makes a summary by the offline summariser's rules (three points that stand alone,
 * no code), so a visitor's first summary is one an editor would sign, not a failure or a cut-out.
 * Verdicts are kept per article in the process: the summariser's preparation is pure, and an
 * article's text rarely changes.
 */
import type { DemoText } from '../../db/feeds.js';
import { isSummarisable, prepareText } from './offline-summariser.js';

const MAX_REMEMBERED = 2_000;

/**
 * A picker: given the demo candidates' ids in order and a loader of their texts, the id of the
 * first that makes a summary (undefined: none does). Only texts not judged before are loaded.
 */
export function createSummaryDemoPicker(): (
  candidateIds: number[],
  loadTexts: (postIds: number[]) => Promise<DemoText[]>,
) => Promise<number | undefined> {
  const verdicts = new Map<number, boolean>();
  return async (candidateIds, loadTexts) => {
    const unjudged = candidateIds.filter((postId) => !verdicts.has(postId));
    if (unjudged.length > 0) {
      if (verdicts.size + unjudged.length > MAX_REMEMBERED) verdicts.clear();
      for (const text of await loadTexts(unjudged)) {
        const prepared = prepareText(text.title, text.content, text.description);
        verdicts.set(text.post_id, isSummarisable(prepared));
      }
    }
    return candidateIds.find((postId) => verdicts.get(postId) === true);
  };
}
