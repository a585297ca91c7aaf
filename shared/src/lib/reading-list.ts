/**
 * The list the reader view was opened from (docs/decisions/0037, "Since"): a feed's "Read here"
 * passes its articles' ids, in the feed's order, as the reader view's location state, so reading
 * aloud goes on to the next article of that list. Opened any other way, the list is unknown.
 */
export interface ReaderLocationState {
  readingList: readonly number[];
  /** Reading aloud went on from the article before: the reader view reads on at once. */
  listening?: boolean;
}

/** The reader view's location state, or null when it came with none (or with something else). */
export function readerLocationState(state: unknown): ReaderLocationState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { readingList, listening } = state as Record<string, unknown>;
  if (!Array.isArray(readingList) || !readingList.every((id) => Number.isInteger(id))) return null;
  return { readingList: readingList as number[], listening: listening === true };
}

/** The article after `postId` in the list, or null at its end or when it is not in it. */
export function nextInList(list: readonly number[], postId: number): number | null {
  const at = list.indexOf(postId);
  return at >= 0 ? (list[at + 1] ?? null) : null;
}
