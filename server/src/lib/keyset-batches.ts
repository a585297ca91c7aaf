/**
 * The batches of a walk through a table in key order (keyset paging): each read asks for `size`
 * rows after the last key read, and a batch smaller than `size` is the last. Every pass over the
 * stored articles walks them so, by post_id, however many there are.
 */
export async function* keysetBatches<Row>(
  read: (afterKey: number, size: number) => Promise<Row[]>,
  keyOf: (row: Row) => number,
  size: number,
): AsyncGenerator<Row[]> {
  let afterKey = 0;
  for (;;) {
    const batch = await read(afterKey, size);
    if (batch.length > 0) yield batch;
    if (batch.length < size) return;
    afterKey = keyOf(batch.at(-1)!);
  }
}
