// What an editor checks in a summary or a card preview, written for the bench on its own rules:
// none of these patterns is the product's (server/src/intelligence/summaries,
// server/src/ingestion/normalise), so a product rule cannot pass its own test.

/** Lower case, letters and digits only, single spaces: text compared across formatting. */
export const comparable = (text) =>
  String(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

// --- Code in a bullet ------------------------------------------------------------------------

/** Marks no English sentence carries: operators, call syntax, statement ends, shell prompts. */
const CODE_MARKS = [
  /[;{}]\s*$/, // a statement or a block ends the text
  /\p{L}\s\.\s+[\p{Ll}_(]/u, // "Graphlib . to_dot": a spaced-out member access
  /(?:=>|->|::|==|!=|<=|>=|\|\||&&|:=|<-)/,
  /\b[\p{L}_][\w.]*\([^()]*\)\s*(?:[;{=]|\.\w)/u, // f(x); f(x).g (prose may name "fork()")
  /^\s*(?:\$|#|>>>|%)\s+\S/, // a prompt
  /(?:^|\s)--?[a-z][\w-]*=/, // --flag=value
  /\b\w+_\w+(?:=|\s=\s|\[)/, // x_y = ..., x_y[i]
  /\b(?:let|const|var|val|def|fn|func|module|type)\s+(?:rec\s+)?['\w.]+(?:\s+['\w]+){0,3}\s*=[^=]/, // let f x =
  /\b(?:def|fn|func|function)\s+\w+\(/, // def f(
];

/** Share of the characters that are braces, operators or other code punctuation. */
function symbolShare(text) {
  const symbols = text.match(/[{}<>=;|\\$@^~*_]/g)?.length ?? 0;
  return symbols / Math.max(1, text.length);
}

/** Inline code (`x`) quoted in a sentence: the sentence around it is what is judged. */
const INLINE_CODE = /`[^`]*`/g;

/**
 * Whether a bullet reads as code, a formula, a command or a trace rather than prose: prose may
 * quote a little inline code, not be made of it.
 */
export function readsAsCode(text) {
  const quoted = (text.match(INLINE_CODE) ?? []).join('').length;
  if (quoted > text.length / 3) return true;
  const prose = text.replace(INLINE_CODE, 'x');
  if (CODE_MARKS.some((mark) => mark.test(prose))) return true;
  if (symbolShare(prose) > 0.04) return true;
  const opened = (prose.match(/[([{]/g) ?? []).length;
  const closed = (prose.match(/[)\]}]/g) ?? []).length;
  return Math.abs(opened - closed) > 1;
}

// --- A bullet that leans on what came before it ---------------------------------------------

/** Words that point back at something said before. */
const POINTING =
  /^(?:this|these|that|those|it|its|it's|they|them|their|there|here|such|he|she|him|his|her|both|the latter|the former|the same|another|however|but|also|thus|hence|therefore|instead|then|otherwise|meanwhile|nevertheless)\b/i;
/** "There is ..." states that something exists: it points at nothing. */
const EXISTENTIAL_THERE =
  /^there(?:'s|’s|\s+(?:is|are|was|were|will|have|has|had|might|may|can|could|seem|seems))\b/i;
/** "This post shows ...": the article itself. */
const SELF = /^this\s+(?:post|article|blog|blog post|piece|guide|tutorial|write-?up|report)\b/i;

/** The words a sentence's main clause opens on: after an opening phrase ("With X 1.0, it ..."). */
function clauseOpenings(text) {
  const openings = [text];
  const comma = text.indexOf(', ');
  if (comma > 0 && comma < 60) openings.push(text.slice(comma + 2));
  return openings.map((opening) => opening.replace(/^["'“‘(]+/, ''));
}

/** Whether the text opens (its first clause) on a word whose referent is not in it. */
export function opensOnUnresolvedReference(text) {
  return clauseOpenings(text).some(
    (opening) => POINTING.test(opening) && !EXISTENTIAL_THERE.test(opening) && !SELF.test(opening),
  );
}

// --- A bullet is the article's own sentence -------------------------------------------------

/** Whether `bullet` is one or more whole sentences written in `text`, word for word. */
export function isVerbatimSentence(bullet, text) {
  const startsLikeSentence = /^["'“‘(`[]?[\p{Lu}\p{N}`]/u.test(bullet);
  const endsLikeSentence = /[.!?]["'”’)]*$/.test(bullet);
  return startsLikeSentence && endsLikeSentence && comparable(text).includes(comparable(bullet));
}

// --- Key concepts the article is about ------------------------------------------------------

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A word in any number: "registry" or "registries", "index" or "indexes", "bus" or "buses". */
const anyNumber = (word) => {
  const singular = word.replace(/(?:ies|y)$/i, '').replace(/(?:es|s)$/i, '');
  const stem = escape(singular.length >= 3 ? singular : word);
  return `${stem}(?:y|ies|s|es|e)?(?:['’]s)?`;
};

/** How often a phrase is written in a text (case aside, in any number). */
function occurrences(phrase, text) {
  const words = phrase.trim().split(/\s+/).map(anyNumber);
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])${words.join('[\\s-]+')}(?![\\p{L}\\p{N}])`,
    'giu',
  );
  return text.match(pattern)?.length ?? 0;
}

/** A concept the article is about: in its title, or used at least twice in its text. */
export function isSubjectTerm(concept, title, text) {
  return occurrences(concept, title) > 0 || occurrences(concept, text) >= 2;
}

// --- Page chrome at the start of a preview --------------------------------------------------

const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?';
const CAPITALISED = "\\p{Lu}[\\p{L}'’.-]*";
/** A person's name: two or three capitalised words, none of them an article or a pronoun. */
const NAME_WORD = `(?!(?:The|A|An|In|On|At|Of|Our|We|This|These|Its|Their)\\b)${CAPITALISED}`;
const PERSON = `${NAME_WORD}(?:\\s+${NAME_WORD}){1,2}`;

/** Openings that are a byline, a dateline or page furniture, never the article's prose. */
const CHROME_OPENINGS = [
  ['byline', new RegExp(`^[Bb][Yy]:?\\s+${CAPITALISED}`, 'u')],
  ['byline', /^(?:written|posted|published|authored|contributed)\s+(?:by|on|in)\b/i],
  ['byline', /^(?:authors?|contributors?|posted by)\s*:/i],
  // Two or more people's names in a row, then a sentence: "Ann Lee, Bo Chan and Cy Dee Today, ..."
  // (not "Ann Lee and Bo Chan hosted ...", where the names are the sentence's subject).
  [
    'byline',
    new RegExp(`^${PERSON}(?:\\s*(?:,|\\band\\b|&)\\s*(?:and\\s+)?${PERSON})+\\s+\\p{Lu}`, 'u'),
  ],
  ['share bar', /^(?:listen\s+)?share\b(?!\s+(?:your|our|my|their|what|how|a|an|some|it|them)\b)/i],
  ['share bar', /^(?:tweet|share on|follow us|follow me)\b/i],
  ['image prompt', /^(?:press|click|tap)\s+(?:enter|here|to|on)\b/i],
  ['reading time', /^\d+\s*(?:min|minute)s?\s+read\b/i],
  ['tl;dr label', /^(?:tl;?\s*dr|tldr)\b/i],
  [
    'image credit',
    /^(?:photo|image|picture|illustration|cover|header|hero)s?\b.{0,80}?\b(?:by|via|courtesy|credit)\b/i,
  ],
  ['image caption', /^(?:figure|fig\.?)\s*\d/i],
  ['reprint note', /^(?:originally|first)\s+(?:published|posted|appeared)\b/i],
  [
    'dateline',
    new RegExp(
      `^(?:updated|last updated|${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4})\\b`,
      'i',
    ),
  ],
  ['dateline', /^\d{4}-\d{2}-\d{2}\b/],
  ['markup', /^[.#][a-z][\w-]*\s/],
];

/** The kind of chrome a preview opens on, or null when it opens on prose. */
export function chromeOpening(preview) {
  const text = preview.trim();
  return CHROME_OPENINGS.find(([, pattern]) => pattern.test(text))?.[0] ?? null;
}
