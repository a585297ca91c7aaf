import { absoluteHttpUrl } from '../normalise/canonical-link.js';
import { linkTags } from '../sanitise/link-tags.js';

const FEED_TYPES = /^application\/(rss|atom|feed|rdf)\+(xml|json)$/i;

/**
 * Feed autodiscovery: the feeds a page announces with <link rel="alternate" type="application/
 * rss+xml" href="...">, as absolute http(s) URLs in page order.
 */
export function feedLinks(html: string, pageUrl: string): string[] {
  const urls = linkTags(html)
    .filter(
      (attributes) =>
        /(^|\s)alternate(\s|$)/i.test(attributes.get('rel') ?? '') &&
        FEED_TYPES.test(attributes.get('type')?.trim() ?? ''),
    )
    .flatMap((attributes) => absoluteHttpUrl(attributes.get('href'), pageUrl)?.href ?? []);
  return [...new Set(urls)];
}
