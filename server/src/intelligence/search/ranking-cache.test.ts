import { RankingCache } from './ranking-cache.js';

const cache = () => new RankingCache<number[]>({ max: 10, ttlMs: 60_000 });

test('a ranking is computed once per key and served from memory afterwards', async () => {
  const rankings = cache();
  let computed = 0;
  const rank = async () => {
    computed += 1;
    return [3, 1, 2];
  };
  expect(await rankings.get('query', rank)).toEqual([3, 1, 2]);
  expect(await rankings.get('query', rank)).toEqual([3, 1, 2]);
  expect(await rankings.get('another query', rank)).toEqual([3, 1, 2]);
  expect(computed).toBe(2);
});

test('requests arriving while a ranking is computed share that one computation', async () => {
  const rankings = cache();
  let computed = 0;
  let finish!: (ids: number[]) => void;
  const rank = () => {
    computed += 1;
    return new Promise<number[]>((resolve) => (finish = resolve));
  };
  const waiting = [rankings.get('query', rank), rankings.get('query', rank)];
  finish([7, 8]);
  expect(await Promise.all(waiting)).toEqual([
    [7, 8],
    [7, 8],
  ]);
  expect(computed).toBe(1);
});

test('a ranking kept under a key while it was being computed there still answers those waiting', async () => {
  const rankings = cache();
  let finish!: (ids: number[]) => void;
  const waiting = rankings.get(
    'scroll-1',
    () => new Promise<number[]>((resolve) => (finish = resolve)),
  );
  // Another page of the same scroll finished first and kept its ranking under the same key.
  rankings.set('scroll-1', [4, 5]);
  finish([4, 5]);
  expect(await waiting).toEqual([4, 5]);
  expect(await rankings.get('scroll-1', async () => [9])).toEqual([4, 5]);
});

test('a failed ranking is not kept: the next request ranks again', async () => {
  const rankings = cache();
  await expect(
    rankings.get('query', () => Promise.reject(new Error('database gone'))),
  ).rejects.toThrow('database gone');
  expect(await rankings.get('query', () => Promise.resolve([1]))).toEqual([1]);
});

test('the least recently used ranking goes first when the cache is full', async () => {
  const rankings = new RankingCache<number[]>({ max: 2, ttlMs: 60_000 });
  let computed = 0;
  const rank = async () => [++computed];
  await rankings.get('a', rank);
  await rankings.get('b', rank);
  await rankings.get('a', rank);
  await rankings.get('c', rank); // evicts b
  expect(await rankings.get('a', rank)).toEqual([1]);
  expect(await rankings.get('b', rank)).toEqual([4]);
});

test("a scroll's later pages keep the ranking its first page used, whatever the index became", async () => {
  const rankings = cache();
  const first = await rankings.forScroll('scroll-1', true, 'query@v1', async () => [1, 2, 3]);
  // The index changed (version 2): a new key would rank again, the scroll must not.
  const later = await rankings.forScroll('scroll-1', false, 'query@v2', async () => [3, 1, 2]);
  expect(later).toBe(first);

  // A new scroll (a first page) takes the current ranking.
  expect(await rankings.forScroll('scroll-2', true, 'query@v2', async () => [3, 1, 2])).toEqual([
    3, 1, 2,
  ]);
  // A later page whose scroll is unknown falls back to the current ranking.
  expect(await rankings.forScroll('scroll-3', false, 'query@v2', async () => [9])).toEqual([
    3, 1, 2,
  ]);
});

test('rankings past the byte bound are dropped least recently used first, whatever the count', async () => {
  const rankings = new RankingCache<number[]>({
    max: 10,
    ttlMs: 60_000,
    maxBytes: 3000,
    bytesOf: (ranking) => ranking.length * 100,
  });
  let computed = 0;
  const rank = (size: number) => async () => {
    computed += 1;
    return Array.from({ length: size }, (_, index) => index);
  };
  await rankings.get('first', rank(10));
  await rankings.get('second', rank(10));
  await rankings.get('first', rank(10));
  // 1,000 bytes more than the bound holds: the one used least recently goes.
  await rankings.get('third', rank(20));
  expect(computed).toBe(3);
  await rankings.get('first', rank(10));
  expect(computed).toBe(3);
  await rankings.get('second', rank(10));
  expect(computed).toBe(4);
});
