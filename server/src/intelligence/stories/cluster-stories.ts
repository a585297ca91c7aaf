import type { Queryable } from '../../db/db.js';
import {
  articlesPublishedBetween,
  articlesToCluster,
  forgetOlderClustering,
  joinStory,
  markClustered,
  membersOfStories,
  settleUndated,
  type StoryMember,
  type StoryRow,
} from '../../db/stories.js';
import type { Log } from '../../lib/log.js';
import {
  sameStory,
  storyFingerprint,
  STORY_RULES_VERSION,
  STORY_TEXT_CHARACTERS,
  STORY_WINDOW_MS,
  type StoryFingerprint,
} from './same-story.js';

const BATCH = 500;

interface Neighbour extends StoryRow {
  fingerprint: StoryFingerprint;
}

/**
 * The neighbours of a batch, indexed by what a match must share: two subject words of the title,
 * or one of the text's sketch hashes. Only pairs that share one are compared.
 */
class NeighbourIndex {
  private readonly byWord = new Map<string, Neighbour[]>();
  private readonly bySketch = new Map<number, Neighbour[]>();

  constructor(neighbours: readonly Neighbour[]) {
    for (const neighbour of neighbours) {
      for (const word of neighbour.fingerprint.subjectWords) {
        push(this.byWord, word, neighbour);
      }
      for (const hash of neighbour.fingerprint.sketch) push(this.bySketch, hash, neighbour);
    }
  }

  candidatesOf(article: Neighbour): Neighbour[] {
    const sharedWords = new Map<Neighbour, number>();
    for (const word of article.fingerprint.subjectWords) {
      for (const other of this.byWord.get(word) ?? []) {
        sharedWords.set(other, (sharedWords.get(other) ?? 0) + 1);
      }
    }
    const candidates = new Set(
      [...sharedWords].filter(([, shared]) => shared >= 2).map(([other]) => other),
    );
    for (const hash of article.fingerprint.sketch) {
      for (const other of this.bySketch.get(hash) ?? []) candidates.add(other);
    }
    return [...candidates].filter(
      (other) =>
        other.sourceId !== article.sourceId &&
        Math.abs(other.publishedAt - article.publishedAt) <= STORY_WINDOW_MS,
    );
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Groups of articles found to be one story (union-find over post ids). */
class Groups {
  private readonly parent = new Map<number, number>();

  find(id: number): number {
    let root = id;
    while (this.parent.has(root) && this.parent.get(root) !== root) root = this.parent.get(root)!;
    this.parent.set(id, root);
    return root;
  }

  union(left: number, right: number) {
    const [leftRoot, rightRoot] = [this.find(left), this.find(right)];
    if (leftRoot !== rightRoot) this.parent.set(rightRoot, leftRoot);
  }

  groups(): number[][] {
    const byRoot = new Map<number, number[]>();
    for (const id of this.parent.keys()) push(byRoot, this.find(id), id);
    return [...byRoot.values()].filter((group) => group.length > 1);
  }
}

/** A blog's own copy leads before an aggregator's, then the first published, then the first stored. */
export function leadOf(members: readonly StoryMember[]): number {
  const [lead] = [...members].sort(
    (left, right) =>
      Number(left.fromAggregator) - Number(right.fromAggregator) ||
      left.publishedAt - right.publishedAt ||
      left.postId - right.postId,
  );
  return lead!.postId;
}

async function clusterBatch(
  db: Queryable,
  batch: readonly { postId: number; publishedAt: number }[],
): Promise<number> {
  const from = new Date(batch[0]!.publishedAt - STORY_WINDOW_MS);
  const to = new Date(batch[batch.length - 1]!.publishedAt + STORY_WINDOW_MS);
  const neighbours = (await articlesPublishedBetween(db, from, to, STORY_TEXT_CHARACTERS)).map(
    (row) => ({ ...row, fingerprint: storyFingerprint({ ...row }) }),
  );
  const index = new NeighbourIndex(neighbours);
  const byId = new Map(neighbours.map((neighbour) => [neighbour.postId, neighbour]));
  const groups = new Groups();
  for (const { postId } of batch) {
    const article = byId.get(postId);
    if (!article) continue;
    for (const other of index.candidatesOf(article)) {
      if (!sameStory(article.fingerprint, other.fingerprint)) continue;
      groups.union(article.postId, other.postId);
      // Articles already in a story bring it along: their stories become one.
      for (const story of [article.storyId, other.storyId]) {
        if (story !== null) groups.union(article.postId, story);
      }
    }
  }
  let joined = 0;
  for (const group of groups.groups()) {
    const members = await membersOfStories(db, group);
    if (members.length < 2) continue;
    await joinStory(
      db,
      leadOf(members),
      members.map((member) => member.postId),
    );
    joined += 1;
  }
  await markClustered(
    db,
    batch.map((article) => article.postId),
    STORY_RULES_VERSION,
  );
  return joined;
}

/**
 * Puts every article stored since the last pass into its story (docs/decisions/0029), and every
 * article once the rules change (STORY_RULES_VERSION): each is compared with the articles of
 * other blogs published within STORY_WINDOW_DAYS of it. Runs after each crawl and at a worker's
 * start; incremental, so a pass after a crawl reads a few weeks of articles. Returns how many
 * articles it clustered.
 */
export async function clusterStories(db: Queryable, log: Log): Promise<number> {
  await forgetOlderClustering(db, STORY_RULES_VERSION);
  let clustered = await settleUndated(db, STORY_RULES_VERSION);
  let stories = 0;
  for (;;) {
    const batch = await articlesToCluster(db, BATCH);
    if (batch.length === 0) break;
    stories += await clusterBatch(db, batch);
    clustered += batch.length;
    log.debug({ clustered, stories }, 'Clustering stories');
  }
  if (clustered > 0) {
    log.debug({ clustered, stories }, `Stories: ${clustered} articles clustered`);
  }
  return clustered;
}
