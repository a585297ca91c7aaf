/**
 * Key phrases: noun phrases (tagged by noun-phrases.ts), cut into 1- to 3-word n-grams that end
 * on a noun (names written in capitals up to 5 words, so "Type Alias Impl Trait" is not cut to
 * "Type Alias Impl") and ranked by how often they and their words occur, with the title and section
 * headings counting extra. A key phrase is a subject of the text: named in its title and used in
 * its text, or used at least twice in its text; a phrase written once is a passing mention
 * ("Tale", "T0", "hits beta"), never a key phrase. Pure.
 */
import { nounPhraseRuns } from './noun-phrases.js';
import { isContentWord, type Token } from './words.js';

const NOUN_TAGS = new Set(['NOUN', 'PROPN']);

export interface PhraseSource {
  text: string;
  /** How much an occurrence here counts: the title and headings say what the article is about. */
  weight: number;
  /** The title: a phrase it names needs one use in the text, not two. */
  title?: boolean;
}

interface Candidate {
  stems: string[];
  weightedCount: number;
  /** Uses in the title, and in the rest of the text. */
  titleUses: number;
  textUses: number;
  /** Surface forms seen away from the start of a sentence, and at its start. */
  surfaces: Map<string, number>;
  initialSurfaces: Map<string, number>;
  firstSeen: number;
}

const MAX_WORDS = 3;
const MAX_NAME_WORDS = 5;

const capitalised = (token: Token) => /^\p{Lu}/u.test(token.surface);

/** The longest n-gram from `start`: a phrase's 3 words, or a name's 5. */
function longestFrom(run: Token[], start: number): number {
  let length = Math.min(MAX_WORDS, run.length - start);
  while (
    length < MAX_NAME_WORDS &&
    start + length < run.length &&
    run.slice(start, start + length + 1).every(capitalised)
  ) {
    length += 1;
  }
  return length;
}

/** Words too vague to stand alone as a concept (they may still be part of a longer one). */
const VAGUE = new Set(
  `approach problem problems issue issues case cases example examples part parts number result
  results change changes idea ideas question questions answer point points set sets end start
  reason reasons fact place people person team teams work works working support look looks value
  values level levels type types order line lines step steps process area areas option options
  feature features thing version versions release released update updates user users data code
  system systems service services tool tools project projects company use way
  add allow allowed provide provided include included generate generated create created run
  require required enable enabled help show shown find found call called give keep try write
  written return contain mean know think tell feel happen learn learned build built indicated
  global common different important available possible simple easy real current large single
  specific multiple main full similar recent old high low fast slow true false sure`
    .split(/\s+/)
    .filter(Boolean),
);

const NOT_ADVERBS = new Set(['assembly', 'family', 'supply', 'apply', 'reply', 'italy', 'anomaly']);

function adverb(stem: string): boolean {
  return stem.length > 4 && stem.endsWith('ly') && !NOT_ADVERBS.has(stem);
}

/**
 * The noun phrases of one text, split further at words that carry no meaning (a noun such as
 * "lot" or a number-like token), each kept with its tags so n-grams can end on a noun.
 */
function phraseRuns(text: string): { run: Token[]; tags: string[]; initial: boolean }[] {
  const out: { run: Token[]; tags: string[]; initial: boolean }[] = [];
  for (const { run, tags, initial } of nounPhraseRuns(text)) {
    let start = 0;
    for (let index = 0; index <= run.length; index += 1) {
      if (index < run.length && isContentWord(run[index]!)) continue;
      if (index > start) {
        out.push({
          run: run.slice(start, index),
          tags: tags.slice(start, index),
          initial: initial && start === 0,
        });
      }
      start = index + 1;
    }
  }
  return out;
}

function mostCommon(counts: Map<string, number>): string | undefined {
  let best: string | undefined;
  let bestCount = 0;
  for (const [surface, count] of counts) {
    if (count > bestCount) [best, bestCount] = [surface, count];
  }
  return best;
}

/** How a phrase is shown: as the article writes it mid-sentence, else in lower case. */
function display(candidate: Candidate): string {
  const inner = mostCommon(candidate.surfaces)?.replace(/['’]s$/, '');
  if (inner) return inner;
  const initial = mostCommon(candidate.initialSurfaces) ?? candidate.stems.join(' ');
  const [firstWord = '', ...rest] = initial.split(' ');
  // "Kubernetes", "GraphQL", "API" keep their capitals; "Readable streams" does not.
  const keep = /\p{Lu}.*\p{Lu}/u.test(firstWord) || /\p{N}/u.test(firstWord);
  return [keep ? firstWord : firstWord.toLowerCase(), ...rest].join(' ');
}

/** Same word up to its ending: "store" and "storing", "index" and "indexing". */
function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const length = Math.max(4, Math.min(a.length, b.length) - 3);
  return a.length >= 4 && b.length >= 4 && a.slice(0, length) === b.slice(0, length);
}

function overlap(a: string[], b: string[]): number {
  const shared = a.filter((stem) => b.some((other) => sameWord(stem, other))).length;
  return shared / Math.min(a.length, b.length);
}

/** The `max` key phrases of the sources (fewer when the text has fewer). */
export function keyPhrases(sources: PhraseSource[], max = 8): string[] {
  const wordFrequency = new Map<string, number>();
  const candidates = new Map<string, Candidate>();
  let seen = 0;
  for (const source of sources) {
    for (const { run, tags, initial } of phraseRuns(source.text)) {
      for (const token of run) {
        wordFrequency.set(token.stem, (wordFrequency.get(token.stem) ?? 0) + source.weight);
      }
      for (let start = 0; start < run.length; start++) {
        const longest = longestFrom(run, start);
        for (let length = 1; length <= longest; length++) {
          // A concept is a noun phrase: it ends on a noun.
          if (!NOUN_TAGS.has(tags[start + length - 1]!)) continue;
          const words = run.slice(start, start + length);
          const stems = words.map((token) => token.stem);
          const key = stems.join(' ');
          const surface = words.map((token) => token.surface).join(' ');
          let candidate = candidates.get(key);
          if (!candidate) {
            candidate = {
              stems,
              weightedCount: 0,
              titleUses: 0,
              textUses: 0,
              surfaces: new Map(),
              initialSurfaces: new Map(),
              firstSeen: seen++,
            };
            candidates.set(key, candidate);
          }
          candidate.weightedCount += source.weight;
          if (source.title) candidate.titleUses += 1;
          else candidate.textUses += 1;
          const surfaces = initial && start === 0 ? candidate.initialSurfaces : candidate.surfaces;
          surfaces.set(surface, (surfaces.get(surface) ?? 0) + 1);
        }
      }
    }
  }

  const scored = [...candidates.values()]
    .filter((candidate) => {
      const { stems, titleUses, textUses } = candidate;
      if (textUses < (titleUses > 0 ? 1 : 2)) return false;
      if (stems.length === 1 && (VAGUE.has(stems[0]!) || stems[0]!.length < 2)) return false;
      // Adverbs are not concepts ("unreasonably difficult", "quickly").
      if (adverb(stems[0]!) || adverb(stems.at(-1)!)) return false;
      // A phrase should not both start and end on a vague word ("new approach", "data team").
      return !(stems.length > 1 && VAGUE.has(stems[0]!) && VAGUE.has(stems.at(-1)!));
    })
    .map((candidate) => {
      const words = candidate.stems.length;
      const meanWord =
        candidate.stems.reduce((sum, s) => sum + Math.log(1 + (wordFrequency.get(s) ?? 0)), 0) /
        words;
      // A lone common word ("request", "method") says less than a name ("Kafka", "IPv6",
      // "PgBouncer") or a phrase ("rate limiting"): names are told by capitals or digits away from
      // a sentence start. Frequency counts sublinearly, so one common word does not crowd out.
      const surface = mostCommon(candidate.surfaces) ?? '';
      const technical = /\p{Ll}\p{Lu}|\p{Lu}{2}|\p{N}|[+#.]/u.test(surface);
      const named = /\p{Lu}/u.test(surface);
      const shape = words > 1 ? words : technical ? 1.5 : named ? 1 : 0.4;
      const score = candidate.weightedCount ** 0.8 * shape * meanWord;
      return { candidate, score };
    })
    .sort((a, b) => b.score - a.score || a.candidate.firstSeen - b.candidate.firstSeen);

  const chosen: Candidate[] = [];
  const shown = new Set<string>();
  for (const { candidate } of scored) {
    if (chosen.length >= max) break;
    if (chosen.some((other) => overlap(other.stems, candidate.stems) > 0.5)) continue;
    // Variety: one word in at most two concepts ("connection pooling", "server connections").
    const uses = (stem: string) =>
      chosen.filter((other) => other.stems.some((word) => sameWord(word, stem))).length;
    if (candidate.stems.some((stem) => uses(stem) >= 2)) continue;
    const text = display(candidate);
    if (shown.has(text.toLowerCase())) continue;
    shown.add(text.toLowerCase());
    chosen.push(candidate);
  }
  return chosen.map(display);
}
