/**
 * The file an in-process search index is saved to and restored from (docs/decisions/0024): the
 * self-checking container of the model files (magic, JSON header, typed sections, CRC-32:
 * embeddings/offline/binary-file.ts) with a format version in its header, written to a temporary
 * file and renamed, so a reader sees the previous file or the new one, never half of one. A
 * missing, truncated, corrupt or other-version file reads as null: the index is built from the
 * database instead.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import { join } from 'node:path';
import {
  decodeContainer,
  encodeContainer,
  writeFileAtomic,
  type DecodedContainer,
  type Section,
} from '../embeddings/offline/binary-file.js';

const MAGIC = 'BSINDEX1';

/** Where the embedded server keeps the snapshots of its search indexes: in DATA_DIR. */
export function searchIndexFiles(dataDir: string): { lexical: string; vectors: string } {
  const dir = join(dataDir, 'search');
  return { lexical: join(dir, 'lexical-index.bin'), vectors: join(dir, 'vector-index.bin') };
}

export type SnapshotSections = Record<string, Section>;

/**
 * A large array saved as a raw file of its own beside a snapshot, which records its CRC-32: read
 * straight into where it belongs (the vectors' WebAssembly memory) instead of through a buffer
 * as large, which the process would hold until V8 collected it.
 */
export function writeRawSection(file: string, bytes: Uint8Array): number {
  writeFileAtomic(file, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  return crc32(bytes);
}

/** Fills `target` from `file`; whether the file had exactly its size and the CRC-32 `checksum`. */
export function readRawSection(file: string, target: Uint8Array, checksum: number): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return false;
  }
  try {
    let at = 0;
    while (at < target.length) {
      const read = readSync(fd, target, at, target.length - at, at);
      if (read === 0) return false;
      at += read;
    }
    const extra = readSync(fd, new Uint8Array(1), 0, 1, at);
    return extra === 0 && crc32(target) === checksum;
  } finally {
    closeSync(fd);
  }
}

export interface Snapshot<Header> {
  header: Header;
  /** A section by name and type; throws when it is missing or truncated. */
  section: DecodedContainer['section'];
}

export function writeSnapshot(
  file: string,
  version: number,
  header: object,
  sections: SnapshotSections,
): void {
  writeFileAtomic(file, encodeContainer(MAGIC, { ...header, version }, sections));
}

/** The snapshot in `file` if it is whole and of `version`, else null. */
export async function readSnapshot<Header>(
  file: string,
  version: number,
): Promise<Snapshot<Header> | null> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch {
    return null;
  }
  try {
    const { header, section } = decodeContainer(bytes, MAGIC);
    return header.version === version ? { header: header as Header, section } : null;
  } catch {
    return null;
  }
}
