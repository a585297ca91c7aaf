#!/usr/bin/env node
// `npm run bench`: every benchmark in turn, then one table (each figure beside a reference
// measured in the same run, and the ratio), also written to bench/results/<date>-<commit>.md
// with the machine line, so runs of record show as diffs. The corpus of 100,000 articles is grown
// and embedded once and copied by each bench that needs it.
//   npm run build && npm run bench                 the run of record (about 35-40 minutes)
//   BENCH_QUICK=1 npm run bench                   shorter runs, 20,000 articles (a few minutes)
//   npm run bench -- crawl feeds                  only these benches
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot, requireBuilt } from './lib/paths.mjs';
import { formatTable, QUICK } from './lib/results.mjs';
import { buildScaledCorpus, SCALED_ARTICLES } from './lib/scaled-corpus.mjs';
import { temporaryDataDir } from './lib/server-process.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
/** name, script, whether it uses the scaled corpus. */
const BENCHES = [
  ['search-quality', 'search-quality.mjs', false],
  ['more-like-this-judged', 'more-like-this-judged.mjs', false],
  ['genres', 'genres.mjs', false],
  ['topics', 'topics.mjs', false],
  ['stories', 'stories.mjs', false],
  ['summaries', 'summaries.mjs', false],
  ['search-scale', 'search-scale.mjs', true],
  ['ask', 'ask.mjs', true],
  ['feeds', 'feeds.mjs', true],
  ['mutes', 'mutes.mjs', false],
  ['reader-feedback', 'reader-feedback.mjs', false],
  ['memory', 'server-memory.mjs', true],
  ['fleet', 'fleet.mjs', true],
  ['crawl', 'crawl.mjs', false],
  ['digest', 'digest.mjs', false],
  ['front-end', 'front-end.mjs', false],
  ['reader-view', 'reader-view.mjs', false],
];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !BENCHES.some(([known]) => known === name));
if (unknown.length > 0) {
  throw new Error(
    `Unknown bench ${unknown.join(', ')}; known: ${BENCHES.map(([n]) => n).join(', ')}`,
  );
}
const selected = BENCHES.filter(([name]) => wanted.length === 0 || wanted.includes(name));

function git(...args) {
  try {
    return execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

function machineLine() {
  const cpu = cpus();
  return (
    `${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} cores, ` +
    `${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, ${process.platform}`
  );
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** Runs one bench with its output shown as it comes and kept for the results file. */
function run(script, env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(here, script)], {
      cwd: here,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (stream) => (chunk) => {
      stream.write(chunk);
      output += chunk;
    };
    child.stdout.on('data', keep(process.stdout));
    child.stderr.on('data', keep(process.stderr));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

requireBuilt();
const started = new Date();
const commit = git('rev-parse', '--short', 'HEAD') || 'nocommit';
const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';
const loadBefore = load();
const workDir = temporaryDataDir('suite');
const resultsFile = join(workDir, 'results.jsonl');
const env = { ...process.env, BENCH_RESULTS_FILE: resultsFile };
const outputs = [];
const failures = [];
try {
  if (selected.some(([, , scaled]) => scaled)) {
    console.info(
      `Preparing the corpus grown to ${SCALED_ARTICLES} articles (crawl, grow, embed)...`,
    );
    const corpus = await buildScaledCorpus('suite-scaled', SCALED_ARTICLES);
    env.BENCH_SCALED_SOURCE = corpus.dataDir;
    env.BENCH_SCALED_INFO = JSON.stringify({
      articles: corpus.articles,
      embedded: corpus.embedded,
      embedSeconds: corpus.embedSeconds,
    });
    outputs.push([
      'scaled corpus',
      `${corpus.articles} articles, ${corpus.embedded} embedded by the job in ` +
        `${corpus.embedSeconds.toFixed(0)} s (${Math.round(corpus.embedded / corpus.embedSeconds)}/s)\n`,
    ]);
  }
  for (const [name, script] of selected) {
    console.info(`\n== ${name} (${script}) ==`);
    const benchStarted = performance.now();
    const { code, output } = await run(script, env);
    const seconds = (performance.now() - benchStarted) / 1000;
    outputs.push([`${name} (${seconds.toFixed(0)} s)`, output]);
    if (code !== 0) failures.push(`${name} exited with ${code}`);
  }
} finally {
  if (env.BENCH_SCALED_SOURCE) rmSync(env.BENCH_SCALED_SOURCE, { recursive: true, force: true });
}

const rows = existsSync(resultsFile)
  ? readFileSync(resultsFile, 'utf8')
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line))
  : [];
rmSync(workDir, { recursive: true, force: true });
for (const failure of failures) rows.push({ bench: 'FAILED', figure: failure, value: null });

const date = started.toISOString().slice(0, 10);
const minutes = ((Date.now() - started.getTime()) / 60_000).toFixed(1);
const table = formatTable(rows);
const mode = QUICK ? 'quick (BENCH_QUICK=1: short runs, noisy, not a run of record)' : 'full';
const header = [
  `# Benchmarks ${date} (${commit}${dirty ? ', uncommitted changes' : ''})`,
  '',
  `- machine: ${machineLine()}`,
  `- date: ${started.toISOString()}; ${minutes} minutes`,
  `- mode: ${mode}; benches: ${selected.map(([name]) => name).join(', ')}`,
  `- load average (1, 5, 15 min): ${loadBefore} before, ${load()} after`,
  `- ratio = value / reference; both measured in this run on this machine`,
];
const markdown = [
  ...header,
  '',
  table,
  '',
  '## Output of each bench',
  '',
  ...outputs.flatMap(([name, output]) => [`### ${name}`, '', '```', output.trimEnd(), '```', '']),
].join('\n');

const resultsDir = join(here, 'results');
mkdirSync(resultsDir, { recursive: true });
const file = join(
  resultsDir,
  `${date}-${commit}${QUICK ? '-quick' : ''}${wanted.length ? '-partial' : ''}.md`,
);
writeFileSync(file, markdown);
console.info(`\n${header.join('\n')}\n\n${table}\n\nWritten to ${file}`);
if (failures.length > 0) process.exitCode = 1;
