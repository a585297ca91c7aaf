/** What a url_name (the slug in /source-feed/source/{url_name} and in logo file names) may be. */
export const URL_NAME_PATTERN = /^[a-z0-9][a-z0-9-]{0,99}$/;

/**
 * "Jane Street Tech Blog" -> "jane-street-tech-blog": lower-case ASCII words joined by dashes,
 * accents dropped, at most `maxLength` characters, and `fallback` when nothing is left.
 */
export function slugify(text: string, { maxLength = 80, fallback = 'source' } = {}): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/, '');
  return slug || fallback;
}

/** `base`, or base-2, base-3, ... whichever is not taken yet; the result is marked taken. */
export function uniqueSlug(base: string, taken: Set<string>): string {
  let candidate = base;
  for (let suffix = 2; taken.has(candidate); suffix++) candidate = `${base}-${suffix}`;
  taken.add(candidate);
  return candidate;
}
