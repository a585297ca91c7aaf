import { clientPath } from '@blogstream/shared/contract';
import type { Db } from '../../db/db.js';
import { bestOf, pickArticles, type CandidateArticle } from '../../db/digest-articles.js';
import { SUBSCRIPTION_DELIVERIES } from '../../db/digest-deliveries.js';
import {
  collectionSeeds,
  digestSubscriptions,
  enrolSubscriptions,
  type DigestSubscription,
} from '../../db/digest-subscriptions.js';
import { composeDigest, type DigestAudience, type DigestContext } from './run-digest.js';

/** A collection's most recently added articles that seed its digest. */
export const COLLECTION_SEEDS = 20;

/**
 * The post ids of `among` most like the `seeds`, best first (more-like-this over the collection:
 * intelligence/search/similar-to-seeds.ts).
 */
export type SimilarToSeeds = (
  seeds: readonly number[],
  among: ReadonlySet<number>,
) => Promise<number[]>;

/** The week's best articles of the topic: the readers' ranking with the topic as the one interest. */
function topicArticles(topic: string, candidates: readonly CandidateArticle[]) {
  return pickArticles(candidates, { topics: [topic], followedSourceIds: new Set() });
}

/** The week's new articles most like the collection's, less those already in it. */
async function collectionArticles(
  db: Db,
  similar: SimilarToSeeds,
  collectionId: number,
  candidates: readonly CandidateArticle[],
): Promise<CandidateArticle[]> {
  const seeds = await collectionSeeds(db, collectionId, COLLECTION_SEEDS);
  if (seeds.length === 0) return [];
  const byId = new Map(candidates.map((candidate) => [candidate.postId, candidate]));
  const ranked = await similar(seeds, new Set(byId.keys()));
  return bestOf(
    ranked.flatMap((postId, rank) => {
      const article = byId.get(postId);
      return article ? [{ article, score: ranked.length - rank }] : [];
    }),
  );
}

function pageOf(publicUrl: string, subscription: DigestSubscription): string {
  return (
    publicUrl +
    (subscription.kind === 'topic'
      ? clientPath('topic', { topic: subscription.title })
      : clientPath('collection', { collectionId: subscription.collectionId ?? 0 }))
  );
}

/**
 * The topic and collection subscriptions (docs/decisions/0026-digests-for-anyone.md): the same
 * run, claims and statuses as the readers' digest, in subscription_deliveries. `similar` is only
 * called for collections, so a week without collection digests loads no search index.
 */
export function subscriptionAudience(similar: SimilarToSeeds): DigestAudience {
  const build = async (db: Db, subscription: DigestSubscription, context: DigestContext) => {
    const articles =
      subscription.kind === 'topic'
        ? topicArticles(subscription.title, context.candidates)
        : await collectionArticles(db, similar, subscription.collectionId ?? 0, context.candidates);
    return composeDigest(context, articles, {
      to: subscription.email,
      about: {
        kind: subscription.kind,
        title: subscription.title,
        pageUrl: pageOf(context.publicUrl, subscription),
      },
      unsubscribe: { kind: 'subscription', id: subscription.subscriptionId },
    });
  };
  return {
    noun: 'subscriptions',
    deliveries: SUBSCRIPTION_DELIVERIES,
    enrol: enrolSubscriptions,
    recipients: async (db, ids) => {
      const subscriptions = await digestSubscriptions(db, ids);
      return new Map(
        [...subscriptions].map(([id, subscription]) => [
          id,
          { active: subscription.active, build: (context) => build(db, subscription, context) },
        ]),
      );
    },
  };
}
