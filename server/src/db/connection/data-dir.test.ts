import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir } from '../../testing/test-config.js';
import {
  DataDirInUseError,
  findRunningServer,
  lockDataDir,
  publishRunningServer,
} from './data-dir.js';

const NO_SUCH_PROCESS = 2 ** 22 + 1; // above Linux's default pid_max

test('a data directory is locked by one process at a time', async () => {
  const dataDir = makeTempDir('data');
  const unlock = await lockDataDir(dataDir);

  await expect(lockDataDir(dataDir)).rejects.toThrow(DataDirInUseError);
  await expect(lockDataDir(dataDir)).rejects.toThrow(`(pid ${process.pid})`);

  await unlock();
  const unlockAgain = await lockDataDir(dataDir);
  await unlockAgain();
});

test('a lock left by a process that no longer runs is taken over', async () => {
  const dataDir = makeTempDir('data');
  writeFileSync(join(dataDir, '.pglite.lock'), String(NO_SUCH_PROCESS));

  const unlock = await lockDataDir(dataDir);

  expect(readFileSync(join(dataDir, '.pglite.lock'), 'utf8')).toBe(String(process.pid));
  await unlock();
  expect(existsSync(join(dataDir, '.pglite.lock'))).toBe(false);
});

test('the running server is found through its file only while its process lives', async () => {
  const dataDir = makeTempDir('data');
  expect(await findRunningServer(dataDir)).toBeUndefined();

  const unpublish = await publishRunningServer(dataDir, 5544);
  expect(await findRunningServer(dataDir)).toEqual({ pid: process.pid, adminDbPort: 5544 });

  await unpublish();
  expect(await findRunningServer(dataDir)).toBeUndefined();

  writeFileSync(
    join(dataDir, '.server.json'),
    JSON.stringify({ pid: NO_SUCH_PROCESS, adminDbPort: 5544 }),
  );
  expect(await findRunningServer(dataDir)).toBeUndefined();
});
