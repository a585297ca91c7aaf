import { linkTags } from '../sanitise/link-tags.js';
import { absoluteHttpUrl } from '../normalise/canonical-link.js';

/** Bigger declared icons first; apple-touch-icons are 180 px when sizes is missing. */
function rank(rel: string, sizes: string | undefined): number {
  const declared = Number.parseInt(sizes?.split(/[x\s]/i)[0] ?? '', 10);
  if (!Number.isNaN(declared)) return declared;
  return rel.includes('apple-touch-icon') ? 180 : 16;
}

/**
 * Icon URLs a page declares (<link rel="icon" | "apple-touch-icon" ...>), largest first, then
 * /favicon.ico. Only absolute http(s) URLs; the fetcher applies the address rules to each.
 */
export function iconCandidates(html: string, pageUrl: string): string[] {
  const declared = linkTags(html)
    .filter((attributes) =>
      /(^|\s)(icon|apple-touch-icon)(\s|$)/i.test(attributes.get('rel') ?? ''),
    )
    .map((attributes) => ({
      url: absoluteHttpUrl(attributes.get('href'), pageUrl)?.href,
      rank: rank(attributes.get('rel')!.toLowerCase(), attributes.get('sizes')),
    }))
    .filter((icon): icon is { url: string; rank: number } => icon.url !== undefined)
    .sort((a, b) => b.rank - a.rank)
    .map((icon) => icon.url);
  const favicon = new URL('/favicon.ico', pageUrl).href;
  return [...new Set([...declared, favicon])];
}
