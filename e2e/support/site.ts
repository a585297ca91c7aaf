import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports.js';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningSite {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts the built site exactly as `npm start` runs it, on a free port and a fresh data dir. */
export async function startSite(env: Record<string, string> = {}): Promise<RunningSite> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'blogstream-e2e-'));
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(repoRoot, 'server/dist/main.js')],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        // The browser tests never reach the internet.
        CRAWL_ON_START: '0',
        CRAWL_SCHEDULE: 'off',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://localhost:${port}`;
  await waitForHealth(url, child, () => output);
  return {
    url,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not become healthy:\n${output()}`);
}
