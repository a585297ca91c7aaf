import { Cron } from 'croner';

/** True when croner accepts `value` as a schedule. */
export function isCronPattern(value: string): boolean {
  try {
    new Cron(value, { paused: true }).stop();
    return true;
  } catch {
    return false;
  }
}
