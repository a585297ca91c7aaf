/**
 * Whether a sentence says again what the card preview (the article's description) already shows:
 * a summary point must add to the preview, never repeat it. Pure.
 */

const SHINGLE = 3;
/** A sentence sharing this share of its word triples with the preview repeats it. */
const REPEATED_SHARE = 0.5;

function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

function shingles(list: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (let start = 0; start + SHINGLE <= list.length; start += 1) {
    out.add(list.slice(start, start + SHINGLE).join(' '));
  }
  return out;
}

/** The preview's word triples, prepared once for many sentences. */
export function previewShingles(preview: string): Set<string> {
  return shingles(words(preview));
}

/** Half or more of the sentence's word triples appear in the preview. */
export function repeatsPreview(sentence: string, preview: string | Set<string>): boolean {
  const known = typeof preview === 'string' ? previewShingles(preview) : preview;
  const triples = shingles(words(sentence));
  if (known.size === 0 || triples.size === 0) return false;
  let shared = 0;
  for (const triple of triples) if (known.has(triple)) shared += 1;
  return shared >= triples.size * REPEATED_SHARE;
}
