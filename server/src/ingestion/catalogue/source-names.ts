import { decodeHTMLStrict } from 'entities';
import { cleanText, truncateText } from '../sanitise/html-to-text.js';
import { sourceUrlKey } from './source-url-key.js';

/** As long as a catalogue name may be. */
const MAX_NAME_LENGTH = 200;

/** A slug or a handle: lower-case letters and digits, maybe joined by dashes or underscores. */
const SLUG_OR_HANDLE = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;

/** Words that name no blog in particular. */
const GENERIC_WORDS = new Set([
  'a',
  'and',
  'articles',
  'atom',
  'blog',
  'engineering',
  'feed',
  'home',
  'index',
  'latest',
  'my',
  'news',
  'of',
  'posts',
  'rss',
  'tech',
  'the',
  'untitled',
  'updates',
]);

export type { NamedSource } from '../../db/sources.js';
import type { NamedSource } from '../../db/sources.js';

/**
 * A feed's title as a source name: entities decoded (feeds often escape titles twice), control
 * characters gone, one line, capped.
 */
export function cleanSourceName(raw: string): string {
  return truncateText(cleanText(decodeHTMLStrict(raw)), MAX_NAME_LENGTH);
}

function hostOf(address: string | null): string | undefined {
  return sourceUrlKey(address)?.split(/[/?]/)[0];
}

/**
 * A name that tells a reader no more than the address does: empty, the url_name, a slug or a
 * handle ("bytebytego-newsletter", "cwn"), or the source's own host or address. A name with
 * spaces or capitals that is none of these reads as a human name.
 */
export function isPoorSourceName(
  name: string,
  source: Omit<NamedSource, 'name' | 'long_name'>,
): boolean {
  const text = name.trim();
  if (text === '' || text.toLowerCase() === source.url_name || SLUG_OR_HANDLE.test(text)) {
    return true;
  }
  const asAddress = sourceUrlKey(`https://${text.replace(/^https?:\/\//i, '')}`);
  return (
    asAddress !== undefined &&
    [source.site_url, source.feed_url].some((address) =>
      [sourceUrlKey(address), hostOf(address)].includes(asAddress),
    )
  );
}

/** A title made only of generic words ("Engineering Blog", "Latest News") names no blog. */
function isGenericTitle(title: string): boolean {
  const words = title
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return words.every((word) => GENERIC_WORDS.has(word));
}

/**
 * The names a source should carry once its feed said its title: a poor name or long name is
 * replaced by the title unless the title is poor or generic itself; a human name is never
 * replaced (not even a generic one a person chose). Undefined when nothing changes.
 */
export function namesWithFeedTitle(
  source: NamedSource,
  feedTitle: string,
): Pick<NamedSource, 'name' | 'long_name'> | undefined {
  const title = cleanSourceName(feedTitle);
  if (isPoorSourceName(title, source) || isGenericTitle(title)) return undefined;
  const names = {
    name: isPoorSourceName(source.name, source) ? title : source.name,
    long_name: isPoorSourceName(source.long_name, source) ? title : source.long_name,
  };
  return names.name === source.name && names.long_name === source.long_name ? undefined : names;
}
