/**
 * Tokens for the offline embedder: lower-cased words with stopwords removed, technical tokens kept
 * whole (c++, c#, node.js, k8s, http/2 → http2), possessives dropped. The same function feeds
 * training and embedding, so the model and the product always agree on what a word is.
 */

/** English function words (SMART/NLTK-style core list) plus filler common in questions. */
const STOPWORD_LIST =
  "a about above after again against all also am an and any are aren't as at be because been before being below between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down during each else etc ever every few for from further get gets getting got had hadn't has hasn't have haven't having he he'd he'll he's her here here's hers herself him himself his how how's however i i'd i'll i'm i've if in into is isn't it it's its itself just let's like made make makes many may me might more most much must mustn't my myself need needs no nor not now of off often on once one only or other others ought our ours ourselves out over own per quite rather really same says shall shan't she she'd she'll she's should shouldn't since so some such than that that's the their theirs them themselves then there there's these they they'd they'll they're they've this those though through thus to too under until up upon us use used using very via was wasn't way we we'd we'll we're we've well were weren't what what's when when's where where's whether which while who who's whom whose why why's will with within without won't would wouldn't yet you you'd you'll you're you've your yours yourself yourselves";

export const STOPWORDS: ReadonlySet<string> = new Set(
  STOPWORD_LIST.split(' ').flatMap((word) => [word, word.replace(/'/g, '')]),
);

/** Dotted names whose last part marks a product, kept whole: node.js, asp.net, socket.io. */
const DOTTED_SUFFIXES = new Set(['js', 'net', 'io', 'ai', 'rs', 'py', 'ts', 'dev', 'sh', 'ml']);

// A word: letters/digits, optionally joined by . - _ ' and ending in + or # (c++, c#, f#).
const WORD = /[\p{L}\p{N}]+(?:[.\-_'’][\p{L}\p{N}]+)*(?:\+\+|#)?/gu;
const MAX_TOKEN_LENGTH = 40;
const MARKS = /\p{M}/gu;

function pushPart(out: string[], part: string): void {
  if (part.length === 0 || part.length > MAX_TOKEN_LENGTH || STOPWORDS.has(part)) return;
  // Single characters carry no topic, except language names such as c, r, go's neighbours.
  if (part.length === 1 && part !== 'c' && part !== 'r') return;
  // Bare numbers other than years and small version-like numbers are noise for topics.
  if (/^\d+$/.test(part) && part.length > 4) return;
  out.push(part);
}

/** Lower-cased content tokens of a text, in order. Never throws; empty text gives []. */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  const normal = text.normalize('NFKD').replace(MARKS, '').toLowerCase();
  for (const match of normal.matchAll(WORD)) {
    let token = match[0].replace(/’/g, "'");
    if (token.endsWith("'s")) token = token.slice(0, -2);
    if (STOPWORDS.has(token)) continue;
    if (!/[.\-_']/.test(token)) {
      pushPart(out, token);
      continue;
    }
    const dot = token.lastIndexOf('.');
    if (
      dot > 0 &&
      token.indexOf('.') === dot &&
      !/[-_']/.test(token) &&
      DOTTED_SUFFIXES.has(token.slice(dot + 1))
    ) {
      pushPart(out, token);
      continue;
    }
    // http/2-style and hyphenated words: the parts (GloVe and the corpus both know the parts).
    for (const part of token.split(/[.\-_']/)) pushPart(out, part);
  }
  return out;
}

/**
 * A conservative stemmer (Harman's S-stemmer plus -ing/-ed for longer words) for the corpus-trained
 * part of the model, so "websockets"/"websocket" and "profiling"/"profile" share a vector.
 */
export function stem(token: string): string {
  const base = suffixStem(token);
  return base.length >= 5 && base.endsWith('e') && !base.endsWith('ee') ? base.slice(0, -1) : base;
}

function suffixStem(token: string): string {
  const n = token.length;
  if (n <= 3 || /[^a-z]/.test(token)) return token;
  if (token.endsWith('ies') && !token.endsWith('eies') && !token.endsWith('aies')) {
    return token.slice(0, -3) + 'y';
  }
  if (
    token.endsWith('es') &&
    !/(aes|ees|oes)$/.test(token) &&
    /(ches|shes|sses|xes)$/.test(token)
  ) {
    return token.slice(0, -2);
  }
  if (token.endsWith('s') && !/(us|ss|is)$/.test(token)) return token.slice(0, -1);
  if (n >= 6 && token.endsWith('ing')) return undouble(token.slice(0, -3));
  if (n >= 5 && token.endsWith('ed') && !token.endsWith('eed')) return undouble(token.slice(0, -2));
  return token;
}

function undouble(base: string): string {
  const last = base.charAt(base.length - 1);
  if (base.length >= 4 && last === base.charAt(base.length - 2) && !/[lsz]/.test(last)) {
    return base.slice(0, -1);
  }
  return base;
}
