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
export type WhyReason =
  | Exclude<Pull, { signal: 'quality' }>
  | { signal: 'new-today' }
  | { signal: 'other-blog' }
  | { signal: 'something-else' };

/**
 * Which cap placed a card from beyond the reader's topics and follows (decision 0036): the source
 * cap, or the cap on a topic they asked less of.
 */
export type ReservePlacement = 'source-cap' | 'less-topic-cap';

/** `fromReserve`: the cap that placed it from the reserve, which is then the first reason. */
export function whyReasons(
  candidate: ScoredCandidate,
  fromReserve: ReservePlacement | null = null,
): WhyReason[] {
  const placed: WhyReason[] =
    fromReserve === null
      ? []
      : [{ signal: fromReserve === 'source-cap' ? 'other-blog' : 'something-else' }];
  const pulls = pullsOf(candidate)
    .filter((pull): pull is Exclude<Pull, { signal: 'quality' }> => pull.signal !== 'quality')
    .sort((a, b) => b.amount - a.amount)
    .slice(0, PULLS_NAMED);
  const fresh: WhyReason[] = candidate.ageDays < NEW_TODAY_DAYS ? [{ signal: 'new-today' }] : [];
  return [...placed, ...pulls, ...fresh];
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
    case 'other-blog':
      return 'Another blog, so no one fills your feed';
    case 'something-else':
      return 'Something else, as you asked for less like this';
  }
}

/** The card's reasons in words, strongest first. */
export function whyInWords(reasons: readonly WhyReason[], article: Article): string[] {
  return reasons.map((reason) => inWords(reason, article));
}
