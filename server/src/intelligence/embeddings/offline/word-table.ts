/**
 * A read-only word → row lookup over one buffer of NUL-joined UTF-8 words (the GloVe cache's
 * `words` section, binary-file.ts encodeWords): an open-addressing hash table of row numbers
 * beside the bytes, about 8 MB for GloVe's 341,479 words where a Map of as many strings held
 * some 30 MiB of every process's heap and took a second to build (docs/decisions/0024). Where a
 * word occurs twice, its first row wins.
 */
const encoder = new TextEncoder();

/** FNV-1a over bytes[start .. end). */
function hashOf(bytes: Uint8Array, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let index = start; index < end; index += 1) {
    hash = Math.imul(hash ^ bytes[index]!, 0x01000193);
  }
  return hash >>> 0;
}

export class WordTable {
  /** Rows (words) in the buffer. */
  readonly size: number;
  /** Word i is bytes[starts[i] .. starts[i + 1] - 1) (the NUL between them left out). */
  private readonly starts: Uint32Array;
  /** Row + 1 per slot; 0 is empty. */
  private readonly slots: Int32Array;
  private readonly mask: number;
  private scratch = new Uint8Array(256);

  constructor(private readonly bytes: Uint8Array) {
    let separators = 0;
    for (const byte of bytes) if (byte === 0) separators += 1;
    this.size = separators + 1;
    this.starts = new Uint32Array(this.size + 1);
    let row = 1;
    bytes.forEach((byte, index) => {
      if (byte === 0) this.starts[row++] = index + 1;
    });
    this.starts[this.size] = bytes.length + 1;
    let capacity = 1024;
    while (capacity < this.size * 2) capacity *= 2;
    this.slots = new Int32Array(capacity);
    this.mask = capacity - 1;
    for (let word = 0; word < this.size; word += 1) {
      const start = this.starts[word]!;
      const end = this.starts[word + 1]! - 1;
      const slot = this.slotOf(bytes, start, end);
      if (this.slots[slot] === 0) this.slots[slot] = word + 1;
    }
  }

  /** The row of `word`, if the table has it. */
  get(word: string): number | undefined {
    if (word.length * 3 > this.scratch.length) this.scratch = new Uint8Array(word.length * 3);
    const { written } = encoder.encodeInto(word, this.scratch);
    const row = this.slots[this.slotOf(this.scratch, 0, written)]!;
    return row === 0 ? undefined : row - 1;
  }

  /** The slot holding the word in source[start .. end), or the empty slot where it would go. */
  private slotOf(source: Uint8Array, start: number, end: number): number {
    const length = end - start;
    for (let slot = hashOf(source, start, end) & this.mask; ; slot = (slot + 1) & this.mask) {
      const row = this.slots[slot]!;
      if (row === 0) return slot;
      const at = this.starts[row - 1]!;
      if (this.starts[row]! - 1 - at !== length) continue;
      let same = true;
      for (let index = 0; index < length && same; index += 1) {
        same = this.bytes[at + index] === source[start + index];
      }
      if (same) return slot;
    }
  }
}
