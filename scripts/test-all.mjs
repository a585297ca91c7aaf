#!/usr/bin/env node
// `npm test`: lint, typecheck, build, every package's jest suite, the browser tests and the
// multi-process (scale-out) tests, then one closing line with the totals. Every step runs even
// after a failure, so one run shows them all.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const resultsDir = path.join(root, 'node_modules/.cache/blogstream-test-results');
/** [workspace, npm script]; the e2e ones need the build. */
const suites = [
  ['shared', 'test'],
  ['shell', 'test'],
  ['mfe-feed', 'test'],
  ['mfe-account', 'test'],
  ['mfe-sources', 'test'],
  ['mfe-static', 'test'],
  ['server', 'test'],
  ['e2e', 'test'],
  ['e2e', 'test:scale-out'],
];

rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const failedSteps = [];

function run(label, command, args) {
  console.info(`\n=== ${label} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status === 0) console.info(`=== ${label}: ok (${seconds}s) ===`);
  else {
    console.error(`=== ${label}: FAILED (${seconds}s) ===`);
    failedSteps.push(label);
  }
  return result.status === 0;
}

run('lint', 'npm', ['run', 'lint']);
run('typecheck', 'npm', ['run', 'typecheck']);
const built = run('build', 'npm', ['run', 'build']);

let passed = 0;
let failed = 0;
for (const [workspace, script] of suites) {
  const suite = script === 'test' ? workspace : `${workspace} ${script}`;
  if (workspace === 'e2e' && !built) {
    failedSteps.push(`${suite} (not run: the build failed)`);
    continue;
  }
  const outputFile = path.join(resultsDir, `${suite.replace(/[^\w-]+/g, '-')}.json`);
  run(`tests: ${suite}`, 'npm', [
    'run',
    script,
    '-w',
    workspace,
    '--',
    '--json',
    `--outputFile=${outputFile}`,
  ]);
  if (!existsSync(outputFile)) continue;
  const report = JSON.parse(readFileSync(outputFile, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests + report.numRuntimeErrorTestSuites;
}

console.info('');
if (failedSteps.length > 0) console.error(`Failed steps: ${failedSteps.join(', ')}`);
console.info(`${passed} passed, ${failed} failed`);
process.exit(failedSteps.length > 0 || failed > 0 ? 1 : 0);
