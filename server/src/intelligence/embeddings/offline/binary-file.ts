import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { crc32 } from 'node:zlib';

/**
 * A small self-checking container for the model files and the search indexes' snapshots
 * (search/index-snapshot.ts): 8-byte magic, u32 header length, JSON
 * header, then 8-byte aligned sections, then a CRC-32 of everything before it. Sections are typed
 * arrays or UTF-8 text; the header lists them with their offsets so a reader can verify sizes.
 */

export type Section =
  Float32Array | Float64Array | Int8Array | Uint8Array | Int32Array | Uint32Array;

interface SectionEntry {
  name: string;
  type: 'f32' | 'f64' | 'i8' | 'u8' | 'i32' | 'u32';
  offset: number;
  length: number;
}

function typeOf(section: Section): SectionEntry['type'] {
  if (section instanceof Float32Array) return 'f32';
  if (section instanceof Float64Array) return 'f64';
  if (section instanceof Int8Array) return 'i8';
  if (section instanceof Int32Array) return 'i32';
  if (section instanceof Uint32Array) return 'u32';
  return 'u8';
}

const align8 = (value: number): number => Math.ceil(value / 8) * 8;

export function encodeContainer(
  magic: string,
  header: Record<string, unknown>,
  sections: Record<string, Section>,
): Buffer {
  if (Buffer.byteLength(magic) !== 8) throw new Error('magic must be 8 bytes');
  const entries: SectionEntry[] = [];
  let offset = 0;
  for (const [name, section] of Object.entries(sections)) {
    entries.push({ name, type: typeOf(section), offset, length: section.length });
    offset = align8(offset + section.byteLength);
  }
  const headerBytes = Buffer.from(JSON.stringify({ ...header, sections: entries }));
  const bodyStart = align8(12 + headerBytes.length);
  const out = Buffer.alloc(bodyStart + offset + 4);
  out.write(magic, 0, 'latin1');
  out.writeUInt32LE(headerBytes.length, 8);
  headerBytes.copy(out, 12);
  for (const entry of entries) {
    const section = sections[entry.name] as Section;
    Buffer.from(section.buffer, section.byteOffset, section.byteLength).copy(
      out,
      bodyStart + entry.offset,
    );
  }
  out.writeUInt32LE(crc32(out.subarray(0, out.length - 4)), out.length - 4);
  return out;
}

export interface DecodedContainer {
  header: Record<string, unknown>;
  checksum: number;
  section(name: string, type: 'f32'): Float32Array;
  section(name: string, type: 'f64'): Float64Array;
  section(name: string, type: 'i8'): Int8Array;
  section(name: string, type: 'u8'): Uint8Array;
  section(name: string, type: 'i32'): Int32Array;
  section(name: string, type: 'u32'): Uint32Array;
}

/** Throws on a wrong magic, truncation or checksum mismatch. */
export function decodeContainer(bytes: Buffer, magic: string): DecodedContainer {
  if (bytes.length < 16 || bytes.toString('latin1', 0, 8) !== magic) {
    throw new Error(`not a ${magic} file`);
  }
  const checksum = bytes.readUInt32LE(bytes.length - 4);
  if (crc32(bytes.subarray(0, bytes.length - 4)) !== checksum) throw new Error('checksum mismatch');
  const headerLength = bytes.readUInt32LE(8);
  const header = JSON.parse(bytes.toString('utf8', 12, 12 + headerLength)) as Record<
    string,
    unknown
  > & { sections: SectionEntry[] };
  const bodyStart = align8(12 + headerLength);
  // Typed-array views need aligned offsets: copied only when Buffer pooling left the body
  // misaligned (a file read whole has a buffer of its own), since the search indexes' snapshots
  // are tens of megabytes.
  let body: Uint8Array = bytes.subarray(bodyStart, bytes.length - 4);
  if (body.byteOffset % 8 !== 0) body = new Uint8Array(body);
  const sizes = { f32: 4, f64: 8, i8: 1, u8: 1, i32: 4, u32: 4 } as const;
  const section = (name: string, type: SectionEntry['type']): Section => {
    const entry = header.sections.find((candidate) => candidate.name === name);
    if (!entry || entry.type !== type) throw new Error(`missing section ${name}`);
    if (entry.offset + entry.length * sizes[type] > body.byteLength) {
      throw new Error(`truncated section ${name}`);
    }
    const start = body.byteOffset + entry.offset;
    if (type === 'f32') return new Float32Array(body.buffer, start, entry.length);
    if (type === 'f64') return new Float64Array(body.buffer, start, entry.length);
    if (type === 'i8') return new Int8Array(body.buffer, start, entry.length);
    if (type === 'i32') return new Int32Array(body.buffer, start, entry.length);
    if (type === 'u32') return new Uint32Array(body.buffer, start, entry.length);
    return new Uint8Array(body.buffer, start, entry.length);
  };
  return { header, checksum, section } as DecodedContainer;
}

/** Writes a file so that readers see either the old or the complete new content. */
export function writeFileAtomic(path: string, data: Buffer): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
  try {
    writeFileSync(temp, data);
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

export function readFileOrNull(path: string): Buffer | null {
  try {
    return readFileSync(path);
  } catch {
    return null;
  }
}

/** Text lists are stored as one UTF-8 section joined by NUL. */
export function encodeWords(words: readonly string[]): Uint8Array {
  return new Uint8Array(Buffer.from(words.join('\0')));
}

export function decodeWords(bytes: Uint8Array): string[] {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8').split('\0');
}

/**
 * Int8 rows with one Float32 scale per row: row i ≈ values[i*dims..] * scales[i]. Keeps the
 * model small (a quarter of Float32) at a relative error well below 1%.
 */
export function quantiseRows(
  values: Float32Array | Float64Array,
  rows: number,
  dims: number,
): { q: Int8Array; scales: Float32Array } {
  const q = new Int8Array(rows * dims);
  const scales = new Float32Array(rows);
  // Plain loops without Math.* calls: measurably faster inside jest's vm contexts.
  const row = new Float64Array(dims);
  for (let r = 0; r < rows; r++) {
    let max = 0;
    for (let d = 0; d < dims; d++) {
      const value = values[r * dims + d] as number;
      row[d] = value;
      const magnitude = value < 0 ? -value : value;
      if (magnitude > max) max = magnitude;
    }
    const scale = max > 0 ? max / 127 : 1;
    scales[r] = scale;
    for (let d = 0; d < dims; d++) {
      const scaled = (row[d] as number) / scale;
      q[r * dims + d] = scaled < 0 ? -((-scaled + 0.5) | 0) : (scaled + 0.5) | 0;
    }
  }
  return { q, scales };
}
