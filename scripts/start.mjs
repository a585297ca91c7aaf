#!/usr/bin/env node
// `npm start`: builds whatever is missing or older than its sources, then runs the site in one
// process (API, background jobs, shell and remotes) on http://localhost:$PORT.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stampName = '.build-stamp';

/** What each build reads (besides its own src/) and where its output goes. */
const builds = [
  {
    workspace: 'shared',
    output: 'shared/dist',
    inputs: ['shared/src', 'shared/package.json', 'shared/tsconfig.build.json'],
  },
  {
    workspace: 'server',
    output: 'server/dist',
    inputs: [
      'server/src',
      'server/package.json',
      'server/tsconfig.build.json',
      'shared/src/contract',
      'shared/src/lib',
    ],
  },
  ...['shell', 'mfe-feed', 'mfe-account', 'mfe-sources', 'mfe-static'].map((workspace) => ({
    workspace,
    output: `${workspace}/dist`,
    inputs: [
      `${workspace}/src`,
      `${workspace}/package.json`,
      `${workspace}/webpack.config.js`,
      'shared/src',
      'config',
    ],
  })),
];

function newestModification(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const info = statSync(full);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const child of readdirSync(full))
    newest = Math.max(newest, newestModification(path.join(entry, child)));
  return newest;
}

function isStale({ output, inputs }) {
  const stamp = path.join(root, output, stampName);
  if (!existsSync(stamp)) return true;
  const builtAt = statSync(stamp).mtimeMs;
  return inputs.some((input) => newestModification(input) > builtAt);
}

for (const build of builds) {
  if (!isStale(build)) continue;
  console.info(`Building ${build.workspace}...`);
  const result = spawnSync('npm', ['run', 'build', '-w', build.workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error(`Building ${build.workspace} failed.`);
    process.exit(result.status ?? 1);
  }
  writeFileSync(path.join(root, build.output, stampName), new Date().toISOString());
}

const server = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
