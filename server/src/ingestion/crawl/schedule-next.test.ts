import { MAX_RETRY_SECONDS, nextDueAfterFailure, nextDueAfterSuccess } from './schedule-next.js';

const HOUR = 3600;

function expectAround(actual: number, expected: number): void {
  expect(actual).toBeGreaterThanOrEqual(Math.floor(0.9 * expected));
  expect(actual).toBeLessThanOrEqual(Math.ceil(1.1 * expected));
}

test('success waits the refresh interval, give or take 10%', () => {
  for (let run = 0; run < 50; run++) expectAround(nextDueAfterSuccess(HOUR), HOUR);
});

test('failures back off exponentially up to a day, never before Retry-After', () => {
  [1, 2, 4, 8, 16].forEach((hours, index) =>
    expectAround(nextDueAfterFailure(index + 1, HOUR), hours * HOUR),
  );
  expectAround(nextDueAfterFailure(30, HOUR), MAX_RETRY_SECONDS);
  expectAround(nextDueAfterFailure(1, HOUR, 5 * HOUR), 5 * HOUR);
});
