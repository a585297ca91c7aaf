import { sharedWhilePending } from './operator-metrics.js';

describe('a read the gauges of one scrape share', () => {
  test('is made once for every gauge that asks while it is under way, and again for the next scrape', async () => {
    let reads = 0;
    const lastCrawlRun = sharedWhilePending(async () => {
      reads += 1;
      return { newArticles: reads };
    });

    const scrape = await Promise.all([lastCrawlRun(), lastCrawlRun(), lastCrawlRun()]);
    expect(reads).toBe(1);
    expect(scrape.map((run) => run.newArticles)).toEqual([1, 1, 1]);

    expect((await lastCrawlRun()).newArticles).toBe(2);
  });

  test('a failed read fails every gauge that shared it, and the next scrape reads again', async () => {
    let reads = 0;
    const flaky = sharedWhilePending(async () => {
      reads += 1;
      if (reads === 1) throw new Error('database unreachable');
      return reads;
    });

    const scrape = await Promise.allSettled([flaky(), flaky()]);
    expect(scrape.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(await flaky()).toBe(2);
  });
});
