import { FollowingIndex } from './index-freshness.js';

/** An index whose first load ends when the test says so. */
class SlowIndex extends FollowingIndex {
  finish: () => void = () => undefined;
  protected load(): Promise<void> {
    return new Promise((resolve) => {
      this.finish = resolve;
    });
  }
  protected unheldChangeAge(): Promise<number> {
    return Promise.resolve(0);
  }
}

test('a search waits a bounded time for a first load, then answers without the index', async () => {
  const index = new SlowIndex();
  expect(await index.readyWithin(20)).toBe(false);
  index.finish();
  expect(await index.readyWithin(20)).toBe(true);
  expect(await index.readyWithin(Infinity)).toBe(true);
});
