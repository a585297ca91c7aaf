/**
 * Whether a sentence leans on the one before it: its opening points back ("This means...", "It
 * is...", "These tools...", "In there, ...", "With Chaos Mesh 1.0, it is...") or links on
 * ("However, ...", "Also, ..."), so on its own, as a summary point, it refers to nothing. Pure.
 */

/** Pronouns, demonstratives and place words whose referent is in an earlier sentence. */
const POINTER =
  /^(?:this|these|that|those|it|its|it[’']s|they|them|their|they[’']re|he|his|him|she|her|here|there|such|both|the latter|the former|the same|the other|another|above|below|said)\b/i;

/** Words that only continue an argument: "However,", "But", "Also", "For example,". */
const CONTINUATION =
  /^(?:however|but|and|or|so|if so|if not|also|then|thus|hence|therefore|moreover|furthermore|additionally|instead|still|yet|otherwise|similarly|likewise|meanwhile|nevertheless|nonetheless|again|finally|lastly|next|second|secondly|third|thirdly|in addition|in contrast|in turn|as a result|as such|in fact|of course|for example|for instance|on the other hand|that said|even so|after that|by contrast|conversely|consequently|accordingly)\b/i;

/** "There is a cost ...": "there" says that something exists, it points at no place. */
const EXISTENTIAL =
  /^there(?:[’']s|\s+(?:is|are|was|were|will|would|have|has|had|may|might|must|can|could|should|seem|seems|seemed|exists?|remains?|appears?|comes?|needs?)\b)/i;

/** "This post ...", "In this article, ...": the article itself, which the reader has in hand. */
const THE_ARTICLE =
  /\b(?:this|these)\s+(?:blog\s+)?(?:post|posts|article|articles|piece|guide|tutorial|write-?up|series|report|paper|talk|episode|newsletter|release|week|month|year|quarter|morning|afternoon|evening|summer|winter|spring|autumn|fall)\b/i;

/** An opening phrase before the main clause: "With Chaos Mesh 1.0, ", "In there, ". */
const OPENING_PHRASE = /^([^,;:]{1,60}?),\s+/;
/** A pointer inside a short opening phrase: "In there", "At that point", "Because of this". */
const POINTER_IN_PHRASE =
  /^\S+(?:\s+\S+){0,2}?\s+(?:this|that|these|those|there|here|it|them|such)\b/i;

function pointsBack(words: string): boolean {
  const text = words.replace(/^["'“‘(]+/, '');
  if (THE_ARTICLE.exec(text)?.index === 0) return false;
  if (CONTINUATION.test(text)) return true;
  return POINTER.test(text) && !EXISTENTIAL.test(text);
}

/** Whether the sentence needs the sentence before it to be understood. */
export function leansOnPrevious(sentence: string): boolean {
  if (pointsBack(sentence)) return true;
  const opening = OPENING_PHRASE.exec(sentence);
  if (!opening) return false;
  const phrase = opening[1]!;
  const inPhrase = POINTER_IN_PHRASE.test(phrase) && !THE_ARTICLE.test(phrase);
  return inPhrase || pointsBack(sentence.slice(opening[0].length));
}
