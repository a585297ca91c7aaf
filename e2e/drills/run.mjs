#!/usr/bin/env node
// Runs the drills one after another (each in its own process: the machine is shared and the
// drills start servers) and prints a summary table. Exit code 1 when any drill fails.
//
//   npm run drills                 crash, ssrf, load (load shortened: DRILL_LOAD_SECONDS=10)
//   npm run drills -- --ci         the CI forms: crash (3 kills), ssrf, and load short (per
//                                  topology a 10 s capacity run and 2 runs of 3 s at 30 req/s,
//                                  half the usual rate, so a busy CI machine passes): a guard
//                                  that its corpus, PostgreSQL copy and servers still work
//   npm run drills -- load         named drills only
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const drills = {
  crash: { file: 'crash.mjs', env: {}, ciEnv: { DRILL_CRASH_KILLS: '3' } },
  ssrf: { file: 'ssrf.mjs', env: {}, ciEnv: {} },
  load: {
    file: 'load.mjs',
    env: { DRILL_LOAD_SECONDS: process.env.DRILL_LOAD_SECONDS ?? '10' },
    ciEnv: {
      DRILL_LOAD_SECONDS: '3',
      DRILL_LOAD_RUNS: '2',
      DRILL_LOAD_CAPACITY_SECONDS: '10',
      DRILL_LOAD_RATE: '30',
      DRILL_LOAD_RATE_BARS: '0',
    },
  },
};

const args = process.argv.slice(2);
const ci = args.includes('--ci');
const named = args.filter((arg) => !arg.startsWith('--'));
const selected = named.length
  ? named
  : Object.keys(drills).filter((name) => !ci || drills[name].ciEnv);
for (const name of selected) if (!drills[name]) throw new Error(`no drill named ${name}`);

function runDrill(name) {
  const { file, env, ciEnv } = drills[name];
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [fileURLToPath(new URL(file, import.meta.url))], {
      env: { ...process.env, ...env, ...(ci ? ciEnv : {}) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let result;
    let buffer = '';
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop();
      for (const line of lines) {
        if (line.startsWith('DRILL_RESULT '))
          result = JSON.parse(line.slice('DRILL_RESULT '.length));
        else process.stdout.write(`[${name}] ${line}\n`);
      }
    });
    child.on('exit', (code) => {
      const seconds = Math.round((performance.now() - started) / 1000);
      resolve({
        name,
        pass: code === 0 && result?.pass === true,
        seconds,
        summary: result?.summary ?? `exited with ${code} and no result`,
      });
    });
  });
}

const results = [];
for (const name of selected) {
  console.info(`\n=== drill: ${name}${ci ? ' (CI)' : ''}`);
  results.push(await runDrill(name));
}
console.info('\n| drill | result | time | numbers |\n| --- | --- | --- | --- |');
for (const result of results) {
  console.info(
    `| ${result.name} | ${result.pass ? 'PASS' : 'FAIL'} | ${result.seconds} s | ${result.summary} |`,
  );
}
const failed = results.filter((result) => !result.pass);
console.info(
  failed.length ? `\n${failed.length} drill(s) failed.` : `\nAll ${results.length} drills passed.`,
);
process.exitCode = failed.length ? 1 : 0;
