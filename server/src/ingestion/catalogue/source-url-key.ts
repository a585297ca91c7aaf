import { canonicalLink, linkKey } from '../normalise/canonical-link.js';

/** WordPress's format names: /feed/atom/ and ?feed=rss2 are the blog's /feed/ in another format. */
const WORDPRESS_FORMAT_PATH = /\/feed\/(?:rss2?|atom|rdf)\/?$/i;
const WORDPRESS_FORMAT = /^(?:rss2?|atom|rdf)$/i;
/** Blogger's feeds (/feeds/posts/default, /feeds/posts/default/-/label) take ?alt=rss|atom. */
const BLOGGER_FEED_PATH = /^\/feeds\/posts\/(?:default|summary)(?:\/|$)/;

/** Rewrites URL spellings that only choose a format of one feed to a single spelling. */
function withoutFormatChoice(url: URL): void {
  url.pathname = url.pathname.replace(WORDPRESS_FORMAT_PATH, '/feed/');
  const wordpressFormat = url.searchParams.get('feed');
  if ([...url.searchParams.keys()].length === 1 && WORDPRESS_FORMAT.test(wordpressFormat ?? '')) {
    url.search = '';
    url.pathname = `${url.pathname.replace(/\/+$/, '')}/feed/`;
  }
  if (
    BLOGGER_FEED_PATH.test(url.pathname) &&
    /^(?:rss|atom)$/i.test(url.searchParams.get('alt') ?? '')
  ) {
    url.searchParams.delete('alt');
  }
  url.searchParams.sort();
}

/**
 * What two addresses of a source (feed or site) must share to be the same: the canonical link
 * (host lower-cased, default port, fragment and tracking parameters dropped) reduced like an
 * article's link key (no scheme, `www.` or trailing slash), with query parameters in one order and
 * the format choices of WordPress and Blogger feeds ignored. Undefined for anything that is not an
 * absolute http(s) URL.
 */
export function sourceUrlKey(raw: string | null | undefined): string | undefined {
  const canonical = canonicalLink(raw ?? undefined);
  if (!canonical) return undefined;
  const url = new URL(canonical);
  withoutFormatChoice(url);
  if (url.search === '?') url.search = '';
  return linkKey(url.href);
}
