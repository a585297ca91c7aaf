import { rmSync } from 'node:fs';

/** Jest global teardown: removes the root made by global-setup.ts. */
export default function teardown(): void {
  const root = process.env.BLOGSTREAM_TEST_TMP;
  if (root) rmSync(root, { recursive: true, force: true });
}
