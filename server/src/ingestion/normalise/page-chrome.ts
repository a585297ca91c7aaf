/**
 * Page chrome that feeds and pages put before (and sometimes inside) an article's prose, taken
 * out of a preview: bylines ("By Ann Lee, Bo Chan and Cy Dee", "Written by", "Authors:", a bare
 * list of names before the first sentence), share bars ("Listen Share", "Share this article",
 * "Tweet"), reading times ("9 min read"), the "TL;DR" label (its sentence is kept), image prompts
 * and credits ("Press enter or click to view image in full size", "Photo by ... on Unsplash"),
 * figure captions, datelines, reprint notes, notices about the reader's browser ("your ad blocker
 * is preventing the video") and section labels run into the first sentence ("Introduction").
 * Rules of language and layout, not of particular sites. Pure.
 */

/** Capitalised words that start a sentence or a section, never part of a person's name. */
const SENTENCE_WORDS = new Set(
  `a an the in at as on we our us i it its this these that those there here today now when how what
  why if for with from after before since while during over under to by and but or so yet my your
  their his her they you he she one two some many most all each every introduction overview
  background summary abstract context motivation problem update note part chapter figure table`.split(
    /\s+/,
  ),
);
const PARTICLES = new Set(
  'de van von der den da di del la le du bin al dos das ter ten of'.split(' '),
);
/** What separates the names of a byline: "Ann Lee, Bo Chan & Cy Dee". */
const NAME_SEPARATOR = /^(?:,\s*and|[,;&]|and|with)$/i;
/** A team signs a byline: "By PyTorch Edge Team in collaboration with Family of Apps". */
const TEAM = /^(?:team|teams|group)$/i;

interface Token {
  text: string;
  start: number;
  end: number;
}

function tokens(text: string): Token[] {
  return [...text.matchAll(/,\s*and\b|[,;&·|]|[^\s,;&·|]+/giu)].map((match) => ({
    text: match[0],
    start: match.index,
    end: match.index + match[0].length,
  }));
}

const isNameWord = (word: string) =>
  /^(?:\p{Lu}[\p{L}'’.-]*|\p{Lu}\.|@[\w.-]+)$/u.test(word) &&
  !SENTENCE_WORDS.has(word.toLowerCase().replace(/[’']s$/, ''));

/**
 * The end of the list of names starting at token `from`, and how many names it holds: each name
 * one to three capitalised words (particles such as "van" between), names separated by commas,
 * "and", "&" or "·". A name followed by a lower-case word ("Jane Doe Netflix supports") gives its
 * last word back when `giveBack` (after "By"): that word is the subject of the sentence after the
 * byline.
 */
function nameList(
  list: Token[],
  from: number,
  giveBack: boolean,
): { next: number; names: number; shortest: number } {
  let index = from;
  let names = 0;
  let shortest = Infinity;
  const word = (at: number) => list[at]?.text ?? '';
  for (;;) {
    const nameStart = index;
    while (
      index < list.length &&
      index - nameStart < 3 &&
      (isNameWord(word(index)) ||
        (index > nameStart && PARTICLES.has(word(index)) && isNameWord(word(index + 1))) ||
        // A word text extraction split after its capital: "J iangwei Pan".
        (/^\p{Lu}$/u.test(word(index - 1)) && /^\p{Ll}+$/u.test(word(index))))
    ) {
      index += 1;
    }
    while (TEAM.test(word(index))) index += 1;
    if (index === nameStart) break;
    names += 1;
    shortest = Math.min(shortest, index - nameStart);
    if (
      /^in collaboration with$/i.test(
        list
          .slice(index, index + 3)
          .map((token) => token.text)
          .join(' '),
      )
    ) {
      index += 3;
      continue;
    }
    if (NAME_SEPARATOR.test(word(index))) {
      index += 1;
      if (word(index).toLowerCase() === 'and') index += 1;
      continue;
    }
    const lastWord = word(index - 1);
    if (
      giveBack &&
      /^\p{Ll}/u.test(word(index)) &&
      index - nameStart >= 3 &&
      !TEAM.test(lastWord)
    ) {
      index -= 1;
    }
    break;
  }
  return { next: index, names, shortest };
}

/** A byline's marker: "By", "By:", "Written by", "Posted by", "Authors:". */
const BYLINE_MARKER =
  /^(?:(?:written|posted|authored|published|reported)\s+by|by|authors?|words)\s*:?\s+/i;
/** After a byline: its date or role ("· Mar 12, 2025", "| Software Engineer"), up to a sentence. */
const BYLINE_TAIL = /^\s*(?:[|·•—–-]\s*[^.|·•]{0,60}?(?=\s+\p{Lu}\p{Ll}|$))?/u;

/**
 * "Written by Kyle Kingsbury in Clojure.": a credit line, up to its full stop, when it names who
 * wrote, posted or authored something and has no clause of its own (no comma).
 */
const CREDIT_LINE = /^(?:[Ww]ritten|[Pp]osted|[Aa]uthored)\s+by\s+\p{Lu}[^.,;:!?]{0,80}\.(?=\s|$)/u;

/** The length of the byline opening `text`, 0 when it opens on something else. */
function bylineLength(text: string): number {
  const credit = CREDIT_LINE.exec(text);
  if (credit) return credit[0].length;
  const marker = BYLINE_MARKER.exec(text);
  const rest = marker ? text.slice(marker[0].length) : text;
  const list = tokens(rest);
  const { next, names, shortest } = nameList(list, 0, marker !== null);
  // "By introducing SPDK ...", "Written by Kyle Kingsbury in Clojure." and "Ann Lee and Bo Chan
  // hosted ..." are sentences: a byline's names are followed by a new sentence (or nothing).
  const followedBySentence =
    next >= list.length || /^(?:["“]?\p{Lu}|[|·•—–-]$)/u.test(list[next]!.text);
  // Without a marker, a byline lists people: two or more, each named by two words or more.
  const isByline = followedBySentence && (marker ? names > 0 : names >= 2 && shortest >= 2);
  if (!isByline) return 0;
  const end = (marker?.[0].length ?? 0) + (list[next]?.start ?? rest.length);
  const tail = BYLINE_TAIL.exec(text.slice(end))?.[0] ?? '';
  return end + tail.length;
}

const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?';
const DATE = `(?:${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}|\\d{1,2}\\s+${MONTH}\\s+\\d{4}|\\d{4}-\\d{2}-\\d{2})`;
const IMAGE_HOSTS =
  '(?:Unsplash|Pexels|Pixabay|Flickr|Wikimedia(?:\\s+Commons)?|Getty\\s+Images|Shutterstock)';

/** Chrome that opens a preview, each a pattern matching it at the start. */
const OPENING_CHROME: RegExp[] = [
  // Share bars: "Listen Share", "Share this article", "Share on Twitter", "Tweet" (not "Share
  // your experience ...", a sentence).
  /^(?:[Ll]isten\s+)?(?:[Ss]hare|SHARE|[Tt]weet)(?:\s+(?:this|on|via)\s+(?:article|post|story|page|Twitter|X|Facebook|LinkedIn|Reddit|Hacker\s+News|Bluesky|Mastodon|email))*\s*(?=\p{Lu}|["“]|$)/u,
  /^Listen\s+(?=\p{Lu})/u,
  // Reading time: "9 min read", "12 MIN READ ·", "Reading time: 5 minutes".
  /^(?:\d+\s*(?:min|minute)s?\s+read|reading\s+time:?\s*\d+\s*(?:min|minute)s?)\b[\s·•|—–-]*/i,
  // "TL;DR:", "TL; DR", "TLDR;": the label, not the sentence after it.
  /^(?:tl\s*;\s*dr|tldr)\s*[:;.,—–-]?\s*/i,
  // "Originally published at https://...", "This post first appeared on ...".
  /^(?:this\s+(?:post|article)\s+(?:was\s+)?)?(?:originally|first)\s+(?:published|posted|appeared)\b(?:\s+(?:at|on|in)\s+\S+)?\.?\s*/i,
  // Datelines: "Updated September 24th, 2025 17:34:38 UTC -", "October 1, 2019, Update:".
  new RegExp(
    `^(?:(?:last\\s+)?updated|published|posted)?(?:\\s+on)?:?\\s*${DATE}(?:\\s+[\\d:]+(?:\\s*(?:UTC|GMT|[AP]M))?)?\\s*(?:[,:·|—–-]\\s*)?(?:update:\\s*)?`,
    'i',
  ),
  // Figure captions: "Figure 1. Autoregressive homepage generation."
  /^(?:figure|fig\.)\s*\d+[.:]\s*[^.]{0,150}\.\s+/i,
  // A CSS class name left by a page template: ".entry-header".
  /^\.[a-z][\w-]*\s+/,
  // A section label run into the first sentence: "Introduction At Netflix, ...".
  /^(?:Introduction|Overview|Background|Summary|Abstract|Context|Motivation)\s+(?=\p{Lu})/u,
];

/** Chrome found anywhere in a preview: never prose, wherever a template put it. */
const INLINE_CHROME: RegExp[] = [
  /(?:press\s+enter\s+or\s+)?click\s+to\s+(?:view|enlarge|expand|zoom)\s+(?:the\s+)?image(?:\s+in\s+full\s+(?:size|screen))?\.?\s*/giu,
  /\blisten\s+share\s+/giu,
  // Notices of the page about the reader's browser: "... your ad blocker is preventing the video".
  /(?:uh-oh!\s*)?[^.!?]*\b(?:ad\s?blocker|enable\s+javascript|javascript\s+is\s+(?:disabled|required)|browser\s+does\s+not\s+support)\b[^.!?]*[.!?]\s*/giu,
  new RegExp(
    `\\b(?:photo|image|picture|illustration)(?:\\s+of\\s+[^.]{1,60}?)?\\s+by\\s+\\S+(?:\\s+\\S+){0,3}?\\s+on\\s+${IMAGE_HOSTS}\\.?\\s*`,
    'giu',
  ),
];

/** An image credit opening the text: "Photo by Jens Lelie", "Photo of wiring by Yuki (CC-BY)". */
function creditLength(text: string): number {
  const lead =
    /^(?:photo|image|picture|illustration|cover|header|hero)(?:\s+(?:image|photo))?(?:\s+of\s+[^.]{1,60}?)?\s+(?:by|via|courtesy\s+of|credit:?)\s+/i.exec(
      text,
    );
  if (!lead) return 0;
  const rest = text.slice(lead[0].length);
  const url = /^(?:https?:\/\/|www\.)\S+\s*/.exec(rest)?.[0];
  const nameEnd = url
    ? url.length
    : (tokens(rest)[nameList(tokens(rest), 0, true).next]?.start ?? rest.length);
  const after = rest.slice(nameEnd);
  const host = new RegExp(`^\\s*(?:on|via|from)\\s+${IMAGE_HOSTS}\\.?`, 'i').exec(after)?.[0] ?? '';
  const licence = /^\s*\([^)]{0,60}\)\.?/.exec(after.slice(host.length))?.[0] ?? '';
  return lead[0].length + nameEnd + host.length + licence.length;
}

/** A byline inside the text, told by its colon: "... alone. By: Harrison Katz A forecast ...". */
const INLINE_BYLINE = /\s(?=(?:By|Written by|Authors?)\s?:\s)/;

function withoutInlineBylines(text: string): string {
  const [before = '', ...bylined] = text.split(INLINE_BYLINE);
  return [before, ...bylined.map((part) => part.slice(bylineLength(part)).trimStart())].join(' ');
}

/** The text without the chrome at its start and the chrome found anywhere in it. */
export function withoutChrome(text: string): string {
  const inline = INLINE_CHROME.reduce((current, pattern) => current.replace(pattern, ''), text);
  let rest = withoutInlineBylines(inline).trim();
  for (;;) {
    const pattern = OPENING_CHROME.find((chrome) => chrome.test(rest));
    const length = pattern
      ? (pattern.exec(rest)?.[0].length ?? 0)
      : bylineLength(rest) || creditLength(rest);
    if (length === 0) return rest;
    rest = rest.slice(length).replace(/^[\s,;:·|—–-]+/, '');
  }
}
