/**
 * One blog's candidates among those carrying the same topics, in order; `next`: the first not
 * taken; `heap`: its group's.
 */
interface BlogRun<T> {
  sourceId: number;
  positions: number[];
  candidates: T[];
  next: number;
  heap: RunHeap<T>;
}

/** A run's next candidate and where it stands in the whole order (the key of the heap). */
interface RunHead<T> {
  position: number;
  run: BlogRun<T>;
}

/** A binary heap of run heads, the first in the order on top. */
class RunHeap<T> {
  private readonly heads: RunHead<T>[] = [];

  get top(): RunHead<T> | undefined {
    return this.heads[0];
  }

  push(head: RunHead<T>): void {
    const { heads } = this;
    heads.push(head);
    let index = heads.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (heads[parent]!.position <= head.position) break;
      heads[index] = heads[parent]!;
      index = parent;
    }
    heads[index] = head;
  }

  pop(): RunHead<T> | undefined {
    const { heads } = this;
    const first = heads[0];
    const last = heads.pop();
    if (heads.length === 0 || last === undefined) return first;
    let index = 0;
    for (;;) {
      const left = 2 * index + 1;
      if (left >= heads.length) break;
      const right = left + 1;
      const child =
        right < heads.length && heads[right]!.position < heads[left]!.position ? right : left;
      if (heads[child]!.position >= last.position) break;
      heads[index] = heads[child]!;
      index = child;
    }
    heads[index] = last;
    return first;
  }
}

/** A candidate found in a CandidateQueue, to take or to leave. */
export interface Found<T> {
  position: number;
  topics: readonly string[];
  run: BlogRun<T>;
}

/** The candidates that carry the same topics (of those the caps count), by blog. */
interface TopicGroup<T> {
  topics: readonly string[];
  heap: RunHeap<T>;
}

/**
 * Candidates in a fixed order (best first), from which `first` finds the first not yet taken whose
 * blog and topics are under their caps, without scanning the ones that are not (diversify, decision
 * 0036). The candidates are grouped by the topics the caps count (one group when there are none),
 * and each group's by blog: a group whose topics are over their cap is passed over whole, and in
 * a group only the next candidate of each blog over its cap is looked at (a handful: the window
 * of twelve cards holds at most five blogs at a cap of two). So taking every candidate costs
 * about n log n, not a scan of the remaining list per card.
 */
export class CandidateQueue<T extends { sourceId: number }> {
  private readonly groups: TopicGroup<T>[] = [];
  #size: number;

  /** `ordered`: best first; `topicsOf`: the topics of a candidate that the caps count. */
  constructor(ordered: readonly T[], topicsOf: (candidate: T) => readonly string[]) {
    this.#size = ordered.length;
    const groups = new Map<string, TopicGroup<T> & { runs: Map<number, BlogRun<T>> }>();
    ordered.forEach((candidate, position) => {
      const topics = topicsOf(candidate);
      const key = topics.join('\n');
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { topics, heap: new RunHeap(), runs: new Map() }));
      let run = group.runs.get(candidate.sourceId);
      if (!run) {
        const { sourceId } = candidate;
        run = { sourceId, positions: [], candidates: [], next: 0, heap: group.heap };
        group.runs.set(candidate.sourceId, run);
      }
      run.positions.push(position);
      run.candidates.push(candidate);
    });
    for (const { topics, heap, runs } of groups.values()) {
      for (const run of runs.values()) heap.push({ position: run.positions[0]!, run });
      this.groups.push({ topics, heap });
    }
  }

  /** How many candidates are not taken. */
  get size(): number {
    return this.#size;
  }

  /**
   * The first candidate not taken whose blog `blogFits` and whose topics `topicsFit`; null when
   * there is none.
   */
  first(
    blogFits: (sourceId: number) => boolean,
    topicsFit: (topics: readonly string[]) => boolean = () => true,
  ): Found<T> | null {
    let best: Found<T> | null = null;
    for (const { topics, heap } of this.groups) {
      if (!topicsFit(topics)) continue;
      const head = this.firstOfFittingBlog(heap, blogFits);
      if (head && (best === null || head.position < best.position)) best = { ...head, topics };
    }
    return best;
  }

  /** Takes the candidate `found` (from `first`, with nothing taken since). */
  take({ run }: Found<T>): T {
    const candidate = run.candidates[run.next]!;
    run.next += 1;
    this.#size -= 1;
    // The heap's entry of the taken candidate is dropped when it next comes to the top.
    if (run.next < run.positions.length) run.heap.push({ position: run.positions[run.next]!, run });
    return candidate;
  }

  /** The head of the first blog run in `heap` that `blogFits`; runs passed over are put back. */
  private firstOfFittingBlog(
    heap: RunHeap<T>,
    blogFits: (sourceId: number) => boolean,
  ): RunHead<T> | undefined {
    const passed: RunHead<T>[] = [];
    let found: RunHead<T> | undefined;
    for (let head = heap.top; head; head = heap.top) {
      if (head.run.positions[head.run.next] !== head.position) {
        heap.pop(); // taken since it was pushed
      } else if (blogFits(head.run.sourceId)) {
        found = head;
        break;
      } else {
        passed.push(heap.pop()!);
      }
    }
    for (const head of passed) heap.push(head);
    return found;
  }
}
