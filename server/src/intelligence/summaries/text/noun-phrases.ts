/**
 * Noun phrases of English text: runs of adjectives and nouns (and gerunds after a noun, as in
 * "load balancing") that end in a noun, found by
 * wink-nlp's part-of-speech tagger (its small English model ships on npm, runs offline, and tags
 * about a million tokens a second). Key concepts are cut from these runs, so a concept is always
 * a real noun phrase ("connection pooling", "Kafka consumer"), never a verb or a dangling
 * adjective ("allows", "quickly", "new").
 */
import { createRequire } from 'node:module';
import winkNLP, { type ItemSentence, type ItemToken } from 'wink-nlp';
import { stem, type Token } from './words.js';

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

/** The noun-phrase runs of a text, in order. */
export function nounPhraseRuns(text: string): NounPhraseRun[] {
  const tagging = nlp();
  const { its } = tagging;
  const runs: NounPhraseRun[] = [];
  let offset = 0;
  tagging
    .readDoc(text)
    .sentences()
    .each((sentence: ItemSentence) => {
      let run: Token[] = [];
      let tags: string[] = [];
      let runStart = -1;
      let position = 0;
      const close = () => {
        // A phrase ends in a noun: trailing adjectives are not part of it.
        while (tags.length > 0 && !NOUNS.has(tags.at(-1)!)) {
          run.pop();
          tags.pop();
        }
        if (run.length > 0) runs.push({ run, tags, initial: runStart === 0 });
        run = [];
        tags = [];
      };
      sentence.tokens().each((token: ItemToken) => {
        const surface = String(token.out());
        const tagged = String(token.out(its.pos));
        // A gerund after a noun names a practice: "rate limiting", "connection pooling".
        const tag = tagged === 'VERB' && run.length > 0 && /ing$/i.test(surface) ? 'NOUN' : tagged;
        const start = text.indexOf(surface, offset);
        if (start >= 0) offset = start + surface.length;
        if (PHRASE_WORDS.has(tag) && /\p{L}/u.test(surface)) {
          if (run.length === 0) runStart = position;
          const lower = surface.toLowerCase();
          run.push({ surface, lower, stem: stem(lower), start, end: start + surface.length });
          tags.push(tag);
        } else {
          close();
        }
        position += 1;
      });
      close();
    });
  return runs;
}
