/**
 * Noun phrases of English text: runs of adjectives and nouns (and gerunds after a noun, as in
 * "load balancing") that end in a noun, found by
 * wink-nlp's part-of-speech tagger (its small English model ships on npm, runs offline, and tags
 * about a million tokens a second). Key concepts are cut from these runs, so a concept is always
 * a real noun phrase ("connection pooling", "Kafka consumer"), never a verb or a dangling
 * adjective ("allows", "quickly", "new").
 *
 * The tagger cuts some words in pieces ("Node . js", "next - generation", "C + +") and reads
 * code as text (":P anicInfo" in `std::panic::PanicInfo` is an emoticon and a word). Pieces
 * written with nothing between them are read as one word when together they are one
 * (`isOneWord`), and as no phrase word at all when they are code, so a concept is never a
 * fragment of a word.
 */
import { createRequire } from 'node:module';
import winkNLP, { type ItemSentence, type ItemToken } from 'wink-nlp';
import { isOneWord, stem, type Token } from './words.js';

export interface NounPhraseRun {
  /** The words of the run, each a noun or an adjective, the last a noun. */
  run: Token[];
  /** The run starts its sentence (its first word's capital may be the sentence's). */
  initial: boolean;
  /** Part of speech of each word: ADJ, NOUN or PROPN. */
  tags: string[];
}

const NOUNS = new Set(['NOUN', 'PROPN']);
const PHRASE_WORDS = new Set(['ADJ', 'NOUN', 'PROPN']);

let tagger: ReturnType<typeof winkNLP> | undefined;

/**
 * The tagger is built on first use: its model takes a moment and about 26 MiB to load, which a
 * web process that never summarises does not pay.
 */
function nlp(): ReturnType<typeof winkNLP> {
  if (!tagger) {
    const model = createRequire(import.meta.url)('wink-eng-lite-web-model') as Parameters<
      typeof winkNLP
    >[0];
    tagger = winkNLP(model, ['sbd', 'pos']);
  }
  return tagger;
}

interface TaggedPiece {
  surface: string;
  tag: string;
  start: number;
  end: number;
  /** The first piece of a sentence. */
  opensSentence: boolean;
}

/** What closes a word or a sentence, and a possessive: never part of the word. */
const TRAILING = /^(?:[.,;:!?)\]}"'’”»`*_]+|['’]s)$/u;
/** Opening brackets and quotes, and Markdown's code and emphasis marks ("`arrayref`", "*fast*"). */
const LEADING = /^[([{"'‘“«`*_]+$/u;
/** Characters of code, paths and addresses, not of prose: `a::b`, `f(x)`, `a=b`, `@user`. */
const CODE = /[:=(){}[\]<>;@$%^\\|~]/u;

/**
 * The tagger's pieces, those written with nothing between them joined into one word (tagged as
 * its last piece with a letter), or tagged `X` (no phrase word) when together they are code. A sentence the tagger ends inside a word ("Node." and "js servers.") goes on.
 */
function gluedWords(pieces: TaggedPiece[], text: string): TaggedPiece[] {
  const words: TaggedPiece[] = [];
  let first = 0;
  while (first < pieces.length) {
    let last = first;
    while (last + 1 < pieces.length && pieces[last + 1]!.start === pieces[last]!.end) last += 1;
    let coreFirst = first;
    let coreLast = last;
    while (coreFirst < coreLast && LEADING.test(pieces[coreFirst]!.surface)) coreFirst += 1;
    while (coreLast > coreFirst && TRAILING.test(pieces[coreLast]!.surface)) coreLast -= 1;
    words.push(...pieces.slice(first, coreFirst));
    const core = pieces.slice(coreFirst, coreLast + 1);
    if (core.length > 1) {
      const start = core[0]!.start;
      const end = core.at(-1)!.end;
      const surface = text.slice(start, end);
      const named = core.filter((piece) => /\p{L}/u.test(piece.surface)).at(-1);
      if (isOneWord(surface) && named) {
        words.push({ surface, tag: named.tag, start, end, opensSentence: core[0]!.opensSentence });
      } else if (CODE.test(surface)) {
        words.push({ surface, tag: 'X', start, end, opensSentence: core[0]!.opensSentence });
      } else {
        // Words joined by prose punctuation ("latency—and", "Q&A") stay the tagger's words.
        words.push(...core);
      }
    } else {
      words.push(...core);
    }
    words.push(...pieces.slice(coreLast + 1, last + 1));
    first = last + 1;
  }
  return words;
}

/** The tagger's pieces of a text with their parts of speech and offsets. */
function taggedPieces(text: string): TaggedPiece[] {
  const tagging = nlp();
  const { its } = tagging;
  const pieces: TaggedPiece[] = [];
  let offset = 0;
  tagging
    .readDoc(text)
    .sentences()
    .each((sentence: ItemSentence) => {
      let opensSentence = true;
      sentence.tokens().each((token: ItemToken) => {
        const surface = String(token.out());
        const found = text.indexOf(surface, offset);
        const start = found >= 0 ? found : offset;
        if (found >= 0) offset = found + surface.length;
        const tag = String(token.out(its.pos));
        pieces.push({ surface, tag, start, end: start + surface.length, opensSentence });
        opensSentence = false;
      });
    });
  return pieces;
}

/** The noun-phrase runs of a text, in order. */
export function nounPhraseRuns(text: string): NounPhraseRun[] {
  const runs: NounPhraseRun[] = [];
  let run: Token[] = [];
  let tags: string[] = [];
  let initial = false;
  let position = 0;
  const close = () => {
    // A phrase ends in a noun: trailing adjectives are not part of it.
    while (tags.length > 0 && !NOUNS.has(tags.at(-1)!)) {
      run.pop();
      tags.pop();
    }
    if (run.length > 0) runs.push({ run, tags, initial });
    run = [];
    tags = [];
  };
  for (const { surface, tag: tagged, start, end, opensSentence } of gluedWords(
    taggedPieces(text),
    text,
  )) {
    if (opensSentence) {
      close();
      position = 0;
    }
    // A gerund after a noun names a practice: "rate limiting", "connection pooling".
    const tag = tagged === 'VERB' && run.length > 0 && /ing$/i.test(surface) ? 'NOUN' : tagged;
    if (PHRASE_WORDS.has(tag) && /\p{L}/u.test(surface)) {
      if (run.length === 0) initial = position === 0;
      const lower = surface.toLowerCase();
      run.push({ surface, lower, stem: stem(lower), start, end });
      tags.push(tag);
    } else {
      close();
    }
    position += 1;
  }
  close();
  return runs;
}
