import { keysetBatches } from './keyset-batches.js';

/** Rows 1..count, read as a keyset query would: `size` of them after `afterKey`. */
function readerOf(count: number, reads: number[]) {
  const keys = Array.from({ length: count }, (_, index) => index + 1);
  return async (afterKey: number, size: number) => {
    reads.push(afterKey);
    return keys.filter((key) => key > afterKey).slice(0, size);
  };
}

async function batchesOf(count: number, size: number, reads: number[] = []) {
  const batches: number[][] = [];
  for await (const batch of keysetBatches(readerOf(count, reads), (key) => key, size)) {
    batches.push(batch);
  }
  return batches;
}

test('the walk reads each batch after the last key read and ends with a short batch', async () => {
  const reads: number[] = [];
  expect(await batchesOf(5, 2, reads)).toEqual([[1, 2], [3, 4], [5]]);
  expect(reads).toEqual([0, 2, 4]);
});

test('a table that fills its last batch exactly is read once more, and yields no empty batch', async () => {
  const reads: number[] = [];
  expect(await batchesOf(4, 2, reads)).toEqual([
    [1, 2],
    [3, 4],
  ]);
  expect(reads).toEqual([0, 2, 4]);
  expect(await batchesOf(0, 2)).toEqual([]);
});
