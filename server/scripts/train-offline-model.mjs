#!/usr/bin/env node
// Trains the corpus part of the offline embedding model and writes the shipped artefact.
//   npm run build -w shared && npm run build -w server
//   node server/scripts/train-offline-model.mjs [articles.jsonl] [--out file] [--cache-dir dir]
// Input: one article per line, {title, description, content, link}. Deterministic: the same input
// gives a byte-identical file. Defaults: ../shared/data/articles.jsonl → server/data/models/.
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const built = (file) =>
  new URL(`../dist/intelligence/embeddings/offline/${file}`, import.meta.url).href;
const { articleEmbeddingText, TRAINING_TEXT_LIMITS } = await import(built('../article-text.js'));
const { trainModelFile } = await import(built('train-artefact.js'));
const { writeFileAtomic } = await import(built('binary-file.js'));
const { SHIPPED_MODEL_FILE } = await import(built('index.js'));

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  if (at < 0) return fallback;
  const [value] = args.splice(at, 2).slice(1);
  return value;
};
const out = resolve(option('--out', SHIPPED_MODEL_FILE));
const cacheDir = resolve(option('--cache-dir', join(tmpdir(), 'blogstream-offline-cache')));
const input = resolve(args[0] ?? join(serverDir, '../../shared/data/articles.jsonl'));

/** The same article under two sources (aggregator reposts) is trained on once. */
const linkKey = (link) =>
  String(link ?? '')
    .replace(/^https?:\/\/(www\.)?/i, '')
    .replace(/(\.html)?\/?$/i, '')
    .toLowerCase();

const seen = new Set();
const texts = [];
for (const line of readFileSync(input, 'utf8').split('\n')) {
  if (!line.trim()) continue;
  const article = JSON.parse(line);
  const key = linkKey(article.link);
  if (key && seen.has(key)) continue;
  seen.add(key);
  texts.push(articleEmbeddingText(article, TRAINING_TEXT_LIMITS));
}

const started = performance.now();
const { file, stems, dims } = trainModelFile(
  texts,
  cacheDir,
  `${basename(input)} (${texts.length} articles)`,
);
writeFileAtomic(out, file);
console.info(
  `${out}: ${(file.length / 1e6).toFixed(1)} MB, ${stems} stems, ${dims} dims, ${texts.length} articles, ` +
    `${((performance.now() - started) / 1000).toFixed(1)} s`,
);
