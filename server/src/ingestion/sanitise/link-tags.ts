const LINK_TAG = /<link\b[^>]*>/gi;
const ATTRIBUTE = /([a-z-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;

/** The attributes of one HTML tag: names lower-cased, values as written. */
function tagAttributes(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const [, name, ...values] of tag.matchAll(ATTRIBUTE)) {
    attributes.set(name!.toLowerCase(), values.find((value) => value !== undefined) ?? '');
  }
  return attributes;
}

/**
 * Every <link> tag of an HTML page as an attribute map: what feed autodiscovery and icon lookup
 * read. A regular expression is enough here (nothing is rendered; hrefs are checked afterwards).
 */
export function linkTags(html: string): Map<string, string>[] {
  return [...html.matchAll(LINK_TAG)].map(([tag]) => tagAttributes(tag));
}
