import type { Db } from '../db/db.js';
import { embedPendingArticles } from '../intelligence/embeddings/embed-articles.js';
import type { TextEmbedder } from '../intelligence/embeddings/embedder.js';
import { createEmbedder } from '../intelligence/embeddings/semantic-service.js';
import type { Config } from '../config.js';
import { consoleLog } from '../lib/log.js';
import { addArticles, addSources, article, sourceEntry } from './content-fixtures.js';

/** Real-world-like articles on distinct subjects, for search, more-like-this and ranking. */
export const SUBJECT_ARTICLES = {
  streams: [
    [
      'Exactly-once delivery in Kafka consumers',
      'How we process events from Apache Kafka topics exactly once with idempotent producers and transactions.',
    ],
    [
      'Backpressure in stream processing pipelines',
      'Flink and Kafka Streams jobs that keep up with bursts of events without dropping messages.',
    ],
  ],
  rollouts: [
    [
      'Feature flags at scale',
      'Gradually releasing new features to a small percentage of users, with kill switches and canary analysis.',
    ],
    [
      'Canary deployments without fear',
      'Shifting traffic to a new version step by step and rolling back automatically when error rates rise.',
    ],
  ],
  perf: [
    [
      'Flame graphs for finding CPU hotspots',
      'Sampling profilers show which functions burn CPU time in our production services.',
    ],
    [
      'Hunting a memory leak in a Go service',
      'Heap profiles and allocation tracking pointed to a cache that never evicted its entries.',
    ],
  ],
  collab: [
    [
      'CRDTs for collaborative text editing',
      'Conflict-free replicated data types let several people edit one document offline and merge without conflicts.',
    ],
  ],
  people: [
    [
      'Our new office in Berlin',
      'The team moved into a bright space with a rooftop garden, a big kitchen and room for forty people.',
    ],
    [
      'What we look for when hiring senior engineers',
      'Our interview loop, the questions we ask and how we decide on offers for experienced candidates.',
    ],
  ],
} as const;

export type SubjectSource = keyof typeof SUBJECT_ARTICLES;

/** Adds one source per subject and its articles (all published within the last day). */
export async function addSubjectArticles(db: Db): Promise<Map<string, number>> {
  const sources = await addSources(
    db,
    Object.keys(SUBJECT_ARTICLES).map((name) => sourceEntry(name, `${name} team`, [])),
  );
  let hoursAgo = 1;
  for (const [name, articles] of Object.entries(SUBJECT_ARTICLES)) {
    await addArticles(
      db,
      sources.get(name)!,
      articles.map(([title, description]) =>
        article(`${name}.example`, title, (hoursAgo += 1), { description }),
      ),
    );
  }
  return sources;
}

/** Embeds every article with the configured (offline) model, as the background job does. */
export async function embedAll(db: Db, config: Config): Promise<TextEmbedder> {
  const embedder = await createEmbedder(config, db);
  await embedPendingArticles(db, embedder, {
    batchSize: 64,
    log: consoleLog('silent'),
  });
  return embedder;
}

/** The id of the article with this title (fixtures give every article a distinct title). */
export async function postIdOf(db: Db, title: string): Promise<number> {
  const { rows } = await db.query<{ post_id: number }>(
    'SELECT post_id FROM articles WHERE title = $1',
    [title],
  );
  return Number(rows[0]!.post_id);
}
