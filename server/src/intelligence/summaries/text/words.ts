/** Words of English engineering prose: tokens, stop words and a light stemmer. Pure. */

/** Function words and filler: never a concept, never counted for similarity. */
export const STOP_WORDS = new Set(
  `a about above across after afterwards again against all almost alone along already also although
  always am among amongst an and another any anybody anyhow anyone anything anyway anywhere are
  aren't around as at back be became because become becomes becoming been before beforehand behind
  being below beside besides between beyond both but by can can't cannot could couldn't did didn't
  do does doesn't doing don't done down during each either else elsewhere enough etc even ever every
  everybody everyone everything everywhere except few for former formerly from further had hadn't
  has hasn't have haven't having he he'd he'll he's hence her here here's hereby herein hers herself
  him himself his how how's however i i'd i'll i'm i've if in indeed instead into is isn't it it's
  its itself just least less let let's like likely many may maybe me meanwhile might mine more
  moreover most mostly much must mustn't my myself namely neither never nevertheless next no nobody
  none nor not nothing now nowhere of off often on once one ones only onto or other others otherwise
  ought our ours ourselves out over own per perhaps quite rather really same say says said see seem
  seemed seeming seems several shall shan't she she'd she'll she's should shouldn't since so some
  somebody somehow someone something sometime sometimes somewhat somewhere still such than that
  that's the their theirs them themselves then thence there there's thereafter thereby therefore
  therein thereupon these they they'd they'll they're they've thing things this those though through
  throughout thru thus to together too toward towards under unless until up upon us used using very
  via was wasn't we we'd we'll we're we've well were weren't what what's whatever when when's whence
  whenever where where's whereafter whereas whereby wherein whereupon wherever whether which while
  whither who who's whoever whole whom whose why why's will with within without won't would
  wouldn't yes yet you you'd you'll you're you've your yours yourself yourselves lot lots get gets
  got getting go goes going gone make makes made making take takes took want wants wanted need needs
  needed way ways also actually basically simply today yesterday tomorrow day days week weeks year
  years time times new good great better best bad big small little able first second last next
  many much kind sort bit pretty sure thanks thank please hi hello okay ok via lets use uses
  post posts article articles blog read reading click here there's don’t it’s can’t we’re i’m
  you’re that’s let’s isn’t doesn’t won’t two three four five six seven eight nine ten hundred
  thousand million billion third fourth fifth right`
    .split(/\s+/)
    .filter(Boolean),
);

/** Tokens: words with inner dots, hyphens and apostrophes, and C++ / C# style suffixes. */
const TOKEN = /[\p{L}\p{N}]+(?:[.'’\-_/][\p{L}\p{N}]+)*[+#]*/gu;
const WHOLE_TOKEN = new RegExp(`^(?:${TOKEN.source})$`, 'u');

/** Text that is one word as `tokenize` reads words: "Node.js", "next-generation", "C++". */
export function isOneWord(text: string): boolean {
  return WHOLE_TOKEN.test(text);
}

export interface Token {
  /** As written. */
  surface: string;
  /** Lower case. */
  lower: string;
  /** Lower case, light stem: the key words are compared by. */
  stem: string;
  /** Offset of the token in its text. */
  start: number;
  end: number;
}

/** A light English stemmer: plurals and possessives only, so concepts stay readable. */
export function stem(lower: string): string {
  let word = lower.replace(/['’]s$/, '');
  if (word.length <= 3 || /[^a-z]/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) word = `${word.slice(0, -3)}y`;
  else if (/(?:ss|us|is|ous)$/.test(word)) return word;
  else if (/(?:sses|xes|ches|shes|zes)$/.test(word)) word = word.slice(0, -2);
  else if (word.endsWith('s')) word = word.slice(0, -1);
  return word;
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const surface = match[0];
    const lower = surface.toLowerCase();
    tokens.push({
      surface,
      lower,
      stem: stem(lower),
      start: match.index,
      end: match.index + surface.length,
    });
  }
  return tokens;
}

/** A token that can carry meaning: not a stop word, not a number, version or hash. */
export function isContentWord(token: Token): boolean {
  const { lower } = token;
  if (STOP_WORDS.has(lower) || STOP_WORDS.has(lower.replace(/’/g, "'"))) return false;
  if (!/\p{L}/u.test(lower)) return false;
  // v1.2, 0.10-beta, 3rd, 10x, 2024-05, hex ids.
  if (/^v?\d/.test(lower) || /^(?:[0-9a-f]{7,}|0x[0-9a-f]+)$/.test(lower)) return false;
  // Host names: "example.com", "pingcap.com" (but "node.js", "x.py" are names of things).
  if (/\.(?:com|org|net|io|dev|co|me|info|app|blog)$/.test(lower)) return false;
  // Single letters, except C, R, Go-style names written in capitals.
  if (lower.length < 2) return false;
  if (lower.length === 2 && token.surface !== token.surface.toUpperCase()) {
    return ['ui', 'ux', 'ai', 'ml', 'os', 'qa', 'ci', 'cd', 'db', 'js'].includes(lower);
  }
  return true;
}
