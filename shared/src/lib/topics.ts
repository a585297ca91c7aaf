import { LANDING_TOPICS } from './constants.js';

/**
 * The fixed topic catalogue (spec §3: a topic is a plain string). Readers pick from it, sources are
 * tagged with it and topic pages exist for each. The landing page's ten come first, then the finer
 * topics the engineering-blog corpus needs. Renaming an entry orphans readers' saved topics: add,
 * do not rename.
 */
export const TOPICS = [
  ...LANDING_TOPICS,
  'Databases',
  'Distributed Systems',
  'DevOps',
  'Programming Languages',
  'Mobile',
  'Frontend',
  'Backend',
  'Cloud',
  'Observability',
  'Performance',
  'Testing',
  'Open Source',
] as const;

export type Topic = (typeof TOPICS)[number];

const topicSet: ReadonlySet<string> = new Set(TOPICS);
const topicsByLowerCase = new Map<string, Topic>(
  TOPICS.map((topic) => [topic.toLowerCase(), topic]),
);

/** True when `name` is in the catalogue, spelled exactly as there. */
export function isTopic(name: string): name is Topic {
  return topicSet.has(name);
}

/** The catalogue topic a loosely written name means (case and surrounding spaces ignored). */
export function findTopic(name: string): Topic | undefined {
  return topicsByLowerCase.get(name.trim().toLowerCase());
}
