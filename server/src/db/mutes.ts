import type { Mute, MuteKind } from '@blogstream/shared/contract';
import type { Queryable } from './db.js';

/** A keyword's word boundaries: either end of the text, or any character but a letter, a digit or _. */
const WORD_START = '(^|[^[:alnum:]_])';
const WORD_END = '($|[^[:alnum:]_])';

/** SQL: the words of `text`, lower-cased: its runs of letters, digits and _. */
const wordsOf = (text: string) => `regexp_split_to_array(lower(${text}), '[^[:alnum:]_]+')`;

/** SQL: the text `value` as a regular expression matching itself: all but letters and digits escaped. */
const literalPattern = (value: string) =>
  `regexp_replace(${value}, '[^[:alnum:]]', '\\\\\\&', 'g')`;

/** SQL over a keyword mute `k`: it is one word, so a whole-word match is the word itself. */
const ONE_WORD = `k.value ~ '^[[:alnum:]_]+$'`;

/**
 * SQL: `aggregate` over the keyword mutes `k` of `reader` (a placeholder of the reader's id) that
 * meet `condition`, each with `longest.word`, the longest of its words ('' for none). It refers to
 * nothing of the article, so it runs once per query, not once per row.
 */
function overKeywords(reader: string, aggregate: string, condition = 'true'): string {
  return `(SELECT ${aggregate} FROM reader_mutes k
            CROSS JOIN LATERAL (SELECT w FROM unnest(${wordsOf('k.value')}) AS w
                                 ORDER BY length(w) DESC LIMIT 1) AS longest (word)
           WHERE k.user_id = ${reader} AND k.kind = 'keyword' AND ${condition})`;
}

/**
 * SQL: whether one of the reader's keyword mutes is found as a whole word, whatever the case, in
 * `text`. A whole-word match of a keyword has each of its words among the text's words, so:
 * - a text holding none of the keywords' longest words is left at once (most rows);
 * - a one-word keyword is the word itself, found in the text's words;
 * - each other keyword (`c++`, `node.js`, `machine learning`) is looked for in a text holding its
 *   longest word (any text, for a keyword without a word such as `++`): as a substring of the
 *   lower-cased text first, then, where it is one, by a whole-word pattern of its own.
 * So a row costs about the same whether the reader muted 1 keyword or 100, and patterns are
 * compiled only for the few texts a keyword is in (decision 0022, "Since": a pattern per mute
 * tried on every row cost each row 100 matches, and with PostgreSQL keeping 32 compiled
 * expressions, 100 compilations). Every character of a keyword but a letter or digit is escaped:
 * no keyword means anything to the regular expression.
 */
function keywordFound(reader: string, text: string): string {
  const words = wordsOf(text);
  const oneWordKeywords = overKeywords(reader, 'array_agg(lower(k.value))', ONE_WORD);
  // Three lists of the other keywords, in one order: unnest pairs them up. In each text, the words
  // and the lower-cased text are made once (OFFSET 0 keeps the planner from copying them into every
  // test), and CASE keeps the tests in order: the dear pattern only where the keyword is a substring.
  const otherKeywords = (aggregate: string) =>
    overKeywords(reader, `array_agg(${aggregate} ORDER BY k.value)`, `NOT ${ONE_WORD}`);
  const phrases = otherKeywords('lower(k.value)');
  const phraseWords = otherKeywords('lower(longest.word)');
  const patterns = otherKeywords(
    `'${WORD_START}' || ${literalPattern('k.value')} || '${WORD_END}'`,
  );
  const longestWords = overKeywords(
    reader,
    `CASE WHEN bool_and(longest.word <> '') THEN array_agg(lower(longest.word)) END`,
  );
  return `CASE WHEN ${oneWordKeywords} IS NULL AND ${phrases} IS NULL THEN false
               WHEN ${longestWords} IS NOT NULL AND NOT (${words} && ${longestWords}) THEN false
               ELSE COALESCE(${words} && ${oneWordKeywords}, false)
                    OR EXISTS (
                      SELECT 1
                        FROM (SELECT ${words} AS words, lower(${text}) AS lowered OFFSET 0) AS row_text
                       CROSS JOIN unnest(${phrases}, ${phraseWords}, ${patterns})
                                    AS other (phrase, word, pattern)
                       WHERE CASE WHEN (other.word = '' OR other.word = ANY(row_text.words))
                                       AND strpos(row_text.lowered, other.phrase) > 0
                                  THEN ${text} ~* other.pattern
                                  ELSE false END) END`;
}

/** SQL: the values of the reader's mutes of `kind`, as an array (empty for none). */
const mutedValues = (reader: string, kind: 'source' | 'topic') =>
  `ARRAY(SELECT m.value FROM reader_mutes m WHERE m.user_id = ${reader} AND m.kind = '${kind}')`;

/**
 * SQL: whether the reader's mutes hide the article row `article` (which needs source_id, topics,
 * title and description): its source, one of its topics, or one of their keywords found as a
 * whole word in its title or preview. Never null; false for a visitor (`reader` null). The muted
 * sources and topics are read once per query, as the keywords are, not looked up for each row:
 * a row then costs two array tests (a lookup per row was two fifths of a reader's pool query at
 * 100,000 articles, bench/results/2026-11-28-reader-feed-speed.md).
 */
export function mutedFor(reader: string, article: string): string {
  return `(
      ${article}.source_id::text = ANY(${mutedValues(reader, 'source')})
      OR coalesce(${article}.topics && ${mutedValues(reader, 'topic')}, false)
      OR ${keywordFound(reader, `(${article}.title || ' ' || ${article}.description)`)}
    )`;
}

/**
 * SQL over the article alias `article` (default `a`): true unless the reader's mutes hide it
 * (mutedFor). `reader` is the placeholder of the reader's id (null for a visitor: nothing is
 * muted). A reader's mutes are found through the primary key's user_id prefix.
 */
export function notMuted(reader: string, article = 'a'): string {
  return `NOT ${mutedFor(reader, article)}`;
}

interface MuteRow {
  kind: MuteKind;
  value: string;
  label: string;
  created_at: Date | string;
}

const MUTE_ROWS = `
  SELECT m.kind, COALESCE(s.url_name, m.value) AS value, COALESCE(s.name, m.value) AS label,
         m.created_at
    FROM reader_mutes m
    LEFT JOIN sources s ON s.source_id = CASE WHEN m.kind = 'source' THEN m.value::bigint END
   WHERE m.user_id = $1 AND (m.kind <> 'source' OR s.source_id IS NOT NULL)`;

const toMute = (row: MuteRow): Mute => ({
  kind: row.kind,
  value: row.value,
  label: row.label,
  created_at: new Date(row.created_at).toISOString(),
});

/** The reader's mutes, newest first (a muted source that no longer exists is left out). */
export async function listMutes(db: Queryable, userId: number): Promise<Mute[]> {
  const { rows } = await db.query<MuteRow>(
    `${MUTE_ROWS} ORDER BY m.created_at DESC, m.kind, m.value`,
    [userId],
  );
  return rows.map(toMute);
}

export async function countMutes(db: Queryable, userId: number): Promise<number> {
  const { rows } = await db.query<{ count: number | string }>(
    'SELECT count(*) AS count FROM reader_mutes WHERE user_id = $1',
    [userId],
  );
  return Number(rows[0]?.count ?? 0);
}

/**
 * What a mute stores: a source's id for a source named by its url name (undefined when there is
 * no such source), the value itself otherwise.
 */
async function storedValue(
  db: Queryable,
  kind: MuteKind,
  value: string,
): Promise<string | undefined> {
  if (kind !== 'source') return value;
  const { rows } = await db.query<{ source_id: string | number }>(
    'SELECT source_id FROM sources WHERE url_name = $1',
    [value],
  );
  return rows[0] === undefined ? undefined : String(rows[0].source_id);
}

/**
 * Adds a mute (a second identical one changes nothing) and answers it; undefined when it names a
 * source that does not exist. Topics and keywords are checked and normalised by the caller.
 */
export async function addMute(
  db: Queryable,
  userId: number,
  kind: MuteKind,
  value: string,
): Promise<Mute | undefined> {
  const stored = await storedValue(db, kind, value);
  if (stored === undefined) return undefined;
  await db.query(
    `INSERT INTO reader_mutes (user_id, kind, value) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, kind, value) DO NOTHING`,
    [userId, kind, stored],
  );
  const { rows } = await db.query<MuteRow>(`${MUTE_ROWS} AND m.kind = $2 AND m.value = $3`, [
    userId,
    kind,
    stored,
  ]);
  return rows[0] && toMute(rows[0]);
}

/** Removes a mute; idempotent. */
export async function removeMute(
  db: Queryable,
  userId: number,
  kind: MuteKind,
  value: string,
): Promise<void> {
  const stored = await storedValue(db, kind, value);
  if (stored === undefined) return;
  await db.query('DELETE FROM reader_mutes WHERE user_id = $1 AND kind = $2 AND value = $3', [
    userId,
    kind,
    stored,
  ]);
}
