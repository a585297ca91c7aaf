import { readFileSync } from 'node:fs';
import { readingText, selectorOf } from '@blogstream/shared/lib';
import { htmlBlocks } from '../../ingestion/sanitise/article-blocks.js';
import { htmlToParagraphs } from '../../ingestion/sanitise/html-to-text.js';
import { sharedDataFile } from '../../testing/shared-data.js';
import { reattach } from './re-attach.js';
import { readerBlocks } from './reader-blocks.js';

/**
 * Highlights made on real articles of the shared corpus survive a re-crawl whose page differs in
 * whitespace, markup and small edits (docs/decisions/0037, "Re-attaching"): each article goes
 * through the crawler and the reader view's blocks twice, the second time from a page rewritten at
 * random (seeded), and every highlight made on the first text is placed on the second.
 */

const ARTICLES = 120;
const HIGHLIGHTS_PER_ARTICLE = 3;
const EDITS_PER_ARTICLE = 8;
/** Of every 50 highlights about one has its whole paragraph removed: it must be orphaned. */
const REMOVED_PARAGRAPH_SHARE = 0.02;

/** mulberry32: a small seeded generator, so every run rewrites the pages the same way. */
function randomGenerator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Token {
  /** Its index in the first text's words; -1 for a word an edit added. */
  id: number;
  word: string;
}

interface Highlight {
  /** Token ids, end exclusive. */
  first: number;
  end: number;
  /** An edit was made inside it. */
  edited: boolean;
  /** Its paragraph was removed from the page. */
  removed: boolean;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function corpusTexts(): string[] {
  const eligible = readFileSync(sharedDataFile('articles.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { content: string }).content)
    .filter((content) => content.length >= 2_000);
  const stride = Math.floor(eligible.length / ARTICLES);
  return Array.from({ length: ARTICLES }, (_, index) => eligible[index * stride]!);
}

/** How the reader view reads a page the crawler read: the text it stores, or the blocks it keeps. */
type Reading = (html: string) => string;

/** Text stored before the crawler kept blocks: the blocks are read from its lines. */
const fromStoredLines: Reading = (html) => readingText(readerBlocks(htmlToParagraphs(html)));

/** The blocks the crawler keeps from the page's HTML (ingestion/sanitise/article-blocks). */
const fromPageBlocks: Reading = (html) => {
  const blocks = htmlBlocks(html, 'https://blog.example/post');
  if (!blocks) throw new Error('The page marks no blocks');
  return readingText(blocks);
};

/** A page of paragraphs, one `<p>` each: the first crawl. */
const firstPage = (content: string) =>
  content
    .split('\n')
    .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
    .join('\n');

const INSERTED_WORDS = ['really', 'also', 'now', 'still', 'quite', 'often'];

/** A small edit of one word: a typo fixed or made, a word added or removed. */
function editLine(line: Token[], at: number, random: () => number): void {
  const kind = random();
  const token = line[at]!;
  if (kind < 0.4) {
    const word = token.word;
    line[at] = {
      id: token.id,
      word: word.length > 3 ? word.slice(0, -2) + word.at(-1) : `${word}s`,
    };
  } else if (kind < 0.7) {
    line.splice(at + 1, 0, { id: -1, word: INSERTED_WORDS[Math.floor(random() * 6)]! });
  } else if (at > 0 && line.length > 2) {
    // Never a line's first word: what follows could then read as a list item's marker.
    line.splice(at, 1);
  }
}

const SPACES = [' ', '  ', '\n', '\t', ' \n   '];
const INLINE = ['em', 'strong', 'code', 'span class="term"', 'a href="https://example.com/x"'];

/** The page again, with other whitespace and markup: inline tags, wrappers, line breaks. */
function secondPage(lines: Token[][], random: () => number): string {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  return lines
    .map((line) => {
      const words = line.map(({ word }, index) => {
        const escaped = escapeHtml(word);
        const spaced = index === 0 ? escaped : `${pick(SPACES)}${escaped}`;
        if (random() >= 0.05) return spaced;
        const tag = pick(INLINE);
        return `${index === 0 ? '' : ' '}<${tag}>${escaped}</${tag.split(' ')[0]}>`;
      });
      // Now and then a paragraph is cut in two by a line break, or wrapped in a section.
      if (words.length > 12 && random() < 0.05) words.splice(6, 0, '<br>');
      const paragraph = `<p>${words.join('')}</p>`;
      return random() < 0.1 ? `<div class="section">\n  ${paragraph}\n</div>` : paragraph;
    })
    .join(pick(['\n', '\n\n', '']));
}

interface Outcome {
  total: number;
  /** Highlights whose paragraph was removed: they cannot re-attach. */
  removed: number;
  sameWords: number;
  orphaned: number;
  wrong: string[];
}

function highlightArticle(
  content: string,
  seed: number,
  [firstReading, secondReading]: [Reading, Reading],
  outcome: Outcome,
): void {
  const random = randomGenerator(seed);
  const text = firstReading(firstPage(content));
  const lines: Token[][] = [];
  let id = 0;
  for (const line of text.split('\n'))
    lines.push(line.split(' ').map((word) => ({ id: id++, word })));
  const tokenCount = id;
  const lineOf = (tokenId: number) =>
    lines.findIndex((line) => line.some((token) => token.id === tokenId));
  const firstWords = [...text.matchAll(/\S+/g)];
  const wordStart = (tokenId: number) => firstWords[tokenId]!.index!;
  const wordEnd = (tokenId: number) => wordStart(tokenId) + firstWords[tokenId]![0].length;

  const highlights: Highlight[] = Array.from({ length: HIGHLIGHTS_PER_ARTICLE }, () => {
    const length = 5 + Math.floor(random() * 26);
    const first = Math.floor(random() * Math.max(1, tokenCount - length));
    return { first, end: Math.min(tokenCount, first + length), edited: false, removed: false };
  });
  const selectors = highlights.map(({ first, end }) =>
    selectorOf(text, wordStart(first), wordEnd(end - 1)),
  );

  // Edits anywhere, and one inside a highlight of each article.
  const editedIds = new Set<number>();
  const editAt = (tokenId: number) => {
    const line = lines[lineOf(tokenId)];
    if (!line) return; // removed by an earlier edit
    editLine(
      line,
      line.findIndex((token) => token.id === tokenId),
      random,
    );
    editedIds.add(tokenId);
  };
  for (let edit = 0; edit < EDITS_PER_ARTICLE; edit += 1) editAt(Math.floor(random() * tokenCount));
  const target = highlights[Math.floor(random() * highlights.length)]!;
  editAt(target.first + 1 + Math.floor(random() * (target.end - target.first - 2)));
  for (const highlight of highlights) {
    // An edit of a word inside it, or of the word just before it (an added word lands after it).
    highlight.edited = [...editedIds].some((at) => at >= highlight.first - 1 && at < highlight.end);
  }
  // Now and then a highlighted paragraph is taken out of the page altogether.
  for (const highlight of highlights) {
    const firstLine = lineOf(highlight.first);
    if (random() < REMOVED_PARAGRAPH_SHARE && firstLine === lineOf(highlight.end - 1)) {
      lines.splice(firstLine, 1);
      highlight.removed = true;
    }
  }

  const recrawled = secondReading(secondPage(lines, random));
  const words = [...recrawled.matchAll(/\S+/g)];
  const tokens = lines.flat();
  // The page went through the crawler intact: its words are the edited tokens, in order.
  expect(words.map((word) => word[0])).toEqual(tokens.map((token) => token.word));

  highlights.forEach((highlight, index) => {
    outcome.total += 1;
    if (highlight.removed) outcome.removed += 1;
    const attached = reattach(recrawled, selectors[index]!);
    if (!attached) {
      outcome.orphaned += 1;
      return;
    }
    const covered = words.flatMap((word, at) =>
      word.index! < attached.end && word.index! + word[0].length > attached.start ? [at] : [],
    );
    const surviving = tokens.flatMap((token, at) =>
      token.id >= highlight.first && token.id < highlight.end ? [at] : [],
    );
    const expected = highlight.removed
      ? []
      : Array.from({ length: surviving.at(-1)! - surviving[0]! + 1 }, (_, k) => surviving[0]! + k);
    const difference =
      covered.filter((at) => !expected.includes(at)).length +
      expected.filter((at) => !covered.includes(at)).length;
    // An edit at a highlight's edge may add or take one word there; otherwise the words match.
    if (expected.length > 0 && difference <= (highlight.edited ? 1 : 0)) {
      outcome.sameWords += 1;
    } else {
      outcome.wrong.push(
        `article seed ${seed}: "${selectors[index]!.quote.exact}" -> "${recrawled.slice(attached.start, attached.end)}" (${attached.method}), not "${expected.map((at) => words[at]![0]).join(' ')}"`,
      );
    }
  });
}

test.each<[string, [Reading, Reading]]>([
  ['read from its blocks both times', [fromPageBlocks, fromPageBlocks]],
  [
    'made on text stored before the crawler kept blocks, then read from its blocks',
    [fromStoredLines, fromPageBlocks],
  ],
])(
  'at least 99 %% of highlights on 120 corpus articles re-attach to the same words after a re-crawl with whitespace, markup and small edits; the rest are orphaned: %s',
  (_, readings) => {
    const outcome: Outcome = { total: 0, removed: 0, sameWords: 0, orphaned: 0, wrong: [] };
    corpusTexts().forEach((content, index) =>
      highlightArticle(content, index + 1, readings, outcome),
    );
    expect(outcome.total).toBe(ARTICLES * HIGHLIGHTS_PER_ARTICLE);
    expect(outcome.wrong).toEqual([]);
    expect(outcome.sameWords / (outcome.total - outcome.removed)).toBeGreaterThanOrEqual(0.99);
    expect(outcome.sameWords + outcome.orphaned).toBe(outcome.total);
  },
);
