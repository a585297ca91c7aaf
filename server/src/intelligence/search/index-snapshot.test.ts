import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readRawSection, readSnapshot, writeRawSection, writeSnapshot } from './index-snapshot.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'blogstream-snapshot-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('a snapshot reads back as written: its header and each section', async () => {
  const file = join(dir, 'nested', 'index.bin');
  const ids = Float64Array.of(1, 2 ** 40, 3);
  const offsets = Uint32Array.of(0, 2 ** 31, 7);
  writeSnapshot(file, 3, { watermark: '2026-01-01 00:00:00+00' }, { ids, offsets });

  const snapshot = await readSnapshot<{ watermark: string }>(file, 3);
  expect(snapshot?.header.watermark).toBe('2026-01-01 00:00:00+00');
  expect([...snapshot!.section('ids', 'f64')]).toEqual([1, 2 ** 40, 3]);
  expect([...snapshot!.section('offsets', 'u32')]).toEqual([0, 2 ** 31, 7]);
  expect(() => snapshot!.section('other', 'u8')).toThrow();
});

test('a missing, truncated, corrupt or other-version snapshot reads as none', async () => {
  const file = join(dir, 'index.bin');
  expect(await readSnapshot(file, 1)).toBeNull();
  writeSnapshot(file, 1, {}, { numbers: Int32Array.of(1, 2, 3, 4) });
  expect(await readSnapshot(file, 2)).toBeNull();

  const bytes = readFileSync(file);
  writeFileSync(file, bytes.subarray(0, bytes.length - 8));
  expect(await readSnapshot(file, 1)).toBeNull();
  bytes[bytes.length - 10]! ^= 1;
  writeFileSync(file, bytes);
  expect(await readSnapshot(file, 1)).toBeNull();
});

test('a raw section reads back into its target only whole and with its checksum', () => {
  const file = join(dir, 'rows.bin');
  const rows = Uint8Array.from({ length: 1000 }, (_, n) => n % 251);
  const checksum = writeRawSection(file, rows);

  const target = new Uint8Array(1000);
  expect(readRawSection(file, target, checksum)).toBe(true);
  expect(target).toEqual(rows);
  expect(readRawSection(file, new Uint8Array(1000), checksum + 1)).toBe(false);
  expect(readRawSection(file, new Uint8Array(999), checksum)).toBe(false);
  expect(readRawSection(file, new Uint8Array(1001), checksum)).toBe(false);
  expect(readRawSection(join(dir, 'missing.bin'), target, checksum)).toBe(false);
});
