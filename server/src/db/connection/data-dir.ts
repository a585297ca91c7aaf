import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

// PGlite does not lock its directory, and two processes writing one directory corrupt it.
const LOCK_FILE = '.pglite.lock';
const SERVER_FILE = '.server.json';

export function pgliteDir(dataDir: string): string {
  return join(dataDir, 'pglite');
}

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';

  constructor(lockPath: string, ownerPid: number | undefined) {
    super(
      `The embedded database is in use by another Blogstream process` +
        `${ownerPid ? ` (pid ${ownerPid})` : ''}. Stop it first, use DATABASE_URL to share ` +
        `PostgreSQL between processes, or delete ${lockPath} if no such process is running.`,
    );
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the data directory for this process; the returned function gives it back. */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const lockPath = join(dataDir, LOCK_FILE);
  const unlock = () => rm(lockPath, { force: true });
  try {
    await writeFile(lockPath, String(process.pid), { flag: 'wx' });
    return unlock;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const ownerPid = Number(await readFile(lockPath, 'utf8'));
  // An empty file is a lock being written right now; only a dead owner's lock is taken over.
  if (!Number.isInteger(ownerPid) || ownerPid <= 0 || isRunning(ownerPid)) {
    throw new DataDirInUseError(lockPath, ownerPid || undefined);
  }
  await rm(lockPath, { force: true });
  await writeFile(lockPath, String(process.pid), { flag: 'wx' });
  return unlock;
}

/** What a running server publishes so admin commands can reach its embedded database. */
export interface RunningServer {
  pid: number;
  adminDbPort: number;
}

export async function publishRunningServer(
  dataDir: string,
  adminDbPort: number,
): Promise<() => Promise<void>> {
  const path = join(dataDir, SERVER_FILE);
  const running: RunningServer = { pid: process.pid, adminDbPort };
  await writeFile(path, `${JSON.stringify(running)}\n`);
  return () => rm(path, { force: true });
}

/** The running server of this data directory, if its file is there and its process is alive. */
export async function findRunningServer(dataDir: string): Promise<RunningServer | undefined> {
  let running: RunningServer;
  try {
    running = JSON.parse(await readFile(join(dataDir, SERVER_FILE), 'utf8')) as RunningServer;
  } catch {
    return undefined;
  }
  return isRunning(running.pid) ? running : undefined;
}
