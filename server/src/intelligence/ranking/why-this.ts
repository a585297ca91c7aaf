import type { Article } from '@blogstream/shared/contract';
import { pullsOf, type Pull, type ScoredCandidate } from './feed-score.js';

/** A card's reasons name at most this many of the signals that pulled it up. */
const PULLS_NAMED = 2;
/** An article younger than this is "New today". */
const NEW_TODAY_DAYS = 1;

/**
 * Why a card is in a reader's feed (decision 0036): the signals that pulled it up the most, from
 * the terms of its own score (pullsOf), then whether it is new today. A signal that added nothing
 * is never a reason, and a card's quality is not one a reader would recognise.
 */
export type WhyReason = Exclude<Pull, { signal: 'quality' }> | { signal: 'new-today' };

export function whyReasons(candidate: ScoredCandidate): WhyReason[] {
  const pulls = pullsOf(candidate)
    .filter((pull): pull is Exclude<Pull, { signal: 'quality' }> => pull.signal !== 'quality')
    .sort((a, b) => b.amount - a.amount)
    .slice(0, PULLS_NAMED);
  return candidate.ageDays < NEW_TODAY_DAYS ? [...pulls, { signal: 'new-today' }] : pulls;
}

/** A reason in a few plain words about `article`. */
function inWords(reason: WhyReason, article: Article): string {
  switch (reason.signal) {
    case 'topic':
      return `${reason.topic}, one of your topics`;
    case 'followed':
      return `You follow ${article.source_name}`;
    case 'saved':
      return 'Like what you saved';
    case 'more-similar':
      return 'Like what you asked more of';
    case 'more-topic':
      return `More ${reason.topic}, as you asked`;
    case 'more-source':
      return `More from ${article.source_name}, as you asked`;
    case 'new-today':
      return 'New today';
  }
}

/** The card's reasons in words, strongest first. */
export function whyInWords(reasons: readonly WhyReason[], article: Article): string[] {
  return reasons.map((reason) => inWords(reason, article));
}
