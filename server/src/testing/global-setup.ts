import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Jest global setup: every temporary folder the tests make lives under one root. */
export default function setup(): void {
  process.env.BLOGSTREAM_TEST_TMP = mkdtempSync(join(tmpdir(), 'blogstream-test-'));
}
