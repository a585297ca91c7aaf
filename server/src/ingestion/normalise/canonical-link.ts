const MAX_URL_LENGTH = 2048;

/** Query parameters that only say where a click came from. */
const TRACKING_PARAMETERS = new Set([
  'fbclid',
  'gclid',
  'dclid',
  'msclkid',
  'yclid',
  'igshid',
  'mc_cid',
  'mc_eid',
  '_hsenc',
  '_hsmi',
  'mkt_tok',
  'ref_src',
  'cmpid',
  'ocid',
  'spm',
  'wt_mc',
]);

function isTrackingParameter(name: string, value: string): boolean {
  const lowerName = name.toLowerCase();
  if (lowerName.startsWith('utm_') || TRACKING_PARAMETERS.has(lowerName)) return true;
  // Medium's ?source=rss----…, and ?ref=rss or ?ref=<site name> that Ghost and others append.
  if (lowerName === 'source') return /^rss/i.test(value);
  if (lowerName === 'ref') return /^(rss|feed|[a-z0-9-]+(\.[a-z0-9-]+)+)$/i.test(value);
  return false;
}

/** Feeds generated from templates sometimes pad links with encoded spaces ("%20https://…%20"). */
const PADDING = /^(?:\s|%20)+|(?:\s|%20)+$/gi;

/** An absolute http(s) URL resolved against `base`, or undefined for anything else. */
export function absoluteHttpUrl(raw: string | undefined, base?: string): URL | undefined {
  const trimmed = raw?.replace(PADDING, '');
  if (!trimmed || !URL.canParse(trimmed, base)) return undefined;
  const url = new URL(trimmed, base);
  if (!['http:', 'https:'].includes(url.protocol) || url.href.length > MAX_URL_LENGTH) {
    return undefined;
  }
  return url;
}

/**
 * The link an article is stored and shown with: absolute http(s), host lower-cased and default
 * port dropped (the URL parser does both), no fragment, no tracking parameters.
 */
export function canonicalLink(raw: string | undefined, base?: string): string | undefined {
  const url = absoluteHttpUrl(raw, base);
  if (!url) return undefined;
  url.hash = '';
  for (const [name, value] of [...url.searchParams]) {
    if (isTrackingParameter(name, value)) url.searchParams.delete(name);
  }
  if (url.search === '?') url.search = '';
  return url.href;
}

/**
 * What two links must share to be the same article: the canonical link without its scheme, a
 * leading "www." or a trailing slash. So http/https and www variants of one post, in one feed or
 * in two (an aggregator re-publishing a blog), are one article.
 */
export function linkKey(canonical: string): string {
  const url = new URL(canonical);
  const host = url.host.replace(/^www\./, '');
  const path = url.pathname.replace(/\/+$/, '');
  return `${host}${path}${url.search}`;
}
