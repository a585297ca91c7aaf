/** Dark enough for white initials to pass WCAG AA contrast. */
const PALETTE = [
  '#b71c1c',
  '#880e4f',
  '#4a148c',
  '#311b92',
  '#1a237e',
  '#0d47a1',
  '#01579b',
  '#006064',
  '#004d40',
  '#1b5e20',
  '#33691e',
  '#bf360c',
  '#3e2723',
  '#37474f',
];

/** FNV-1a: a stable hash, so a source keeps its colour across restarts and servers. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (const character of text) {
    value ^= character.codePointAt(0) ?? 0;
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

/** Up to two initials from the words of a name: "Jane Street Tech Blog" -> "JS". */
function initialsOf(name: string): string {
  const words = name.match(/[\p{L}\p{N}]+/gu) ?? [];
  const initials = words
    .slice(0, 2)
    .map((word) => [...word][0]!.toLocaleUpperCase())
    .join('');
  return initials || '?';
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.codePointAt(0)};`);
}

/**
 * The logo shown while (or when) a site's own icon cannot be had: the source's initials on a
 * colour chosen from its url name. Same input, same bytes.
 */
export function monogramSvg(name: string, seed: string): string {
  const colour = PALETTE[hash(seed) % PALETTE.length]!;
  const initials = escapeXml(initialsOf(name));
  const fontSize = initials.length > 1 ? 26 : 32;
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">' +
    `<rect width="64" height="64" rx="12" fill="${colour}"/>` +
    `<text x="32" y="32" dy=".35em" text-anchor="middle" fill="#fff" font-size="${fontSize}" ` +
    `font-weight="600" font-family="system-ui,-apple-system,'Segoe UI',Roboto,sans-serif">` +
    `${initials}</text></svg>`
  );
}
