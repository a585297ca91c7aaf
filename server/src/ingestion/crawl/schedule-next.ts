/** A failing source is retried at least once a day, however often it failed. */
export const MAX_RETRY_SECONDS = 24 * 60 * 60;

/** ±10%, so sources added together do not stay in lockstep forever. */
function withJitter(seconds: number): number {
  return Math.round(seconds * (0.9 + Math.random() * 0.2));
}

export function nextDueAfterSuccess(refreshSeconds: number): number {
  return withJitter(refreshSeconds);
}

/**
 * Exponential back-off: the refresh interval doubled for each consecutive failure (1 h, 2 h, 4 h,
 * ... with the default hour), at most a day, and never sooner than the server's Retry-After.
 */
export function nextDueAfterFailure(
  consecutiveFailures: number,
  refreshSeconds: number,
  retryAfterSeconds = 0,
): number {
  const backOff = refreshSeconds * 2 ** Math.min(Math.max(consecutiveFailures - 1, 0), 16);
  return withJitter(Math.min(Math.max(backOff, retryAfterSeconds), MAX_RETRY_SECONDS));
}
