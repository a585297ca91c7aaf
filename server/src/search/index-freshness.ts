/** How stale an in-process index may be before a search refreshes it in the background. */
const REFRESH_AFTER_MS = 3000;
/**
 * An index no search has touched for this long is refreshed before it answers: a crawl or an
 * embedding run may have added articles meanwhile.
 */
const WAIT_WHEN_IDLE_MS = 10_000;

/**
 * Readies an index that follows the database. The first load is awaited, and so is a refresh
 * when `hasNewRows` says rows were written past what the index holds (a cheap indexed query) or
 * the index sat idle; otherwise a stale index refreshes in the background every few seconds
 * (deletions, late commits).
 */
export async function keepFresh(
  refreshedAt: number,
  refresh: () => Promise<void>,
  hasNewRows: () => Promise<boolean> = () => Promise.resolve(false),
): Promise<void> {
  const age = Date.now() - refreshedAt;
  if (refreshedAt === 0 || age > WAIT_WHEN_IDLE_MS || (await hasNewRows())) await refresh();
  else if (age > REFRESH_AFTER_MS) void refresh().catch(() => undefined);
}
