/** Shortens plain text to at most `maxLength` characters at a word boundary, adding '…'. */
export function previewText(text: string, maxLength: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= maxLength) return clean;
  const cut = clean.slice(0, maxLength - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > maxLength * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const relativeFormat = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** 'ago' style date: '3 days ago', 'yesterday', 'just now'. */
export function timeAgo(isoDate: string, now: Date = new Date()): string {
  const seconds = Math.round((now.getTime() - new Date(isoDate).getTime()) / 1000);
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return relativeFormat.format(-Math.floor(seconds / size), unit);
  }
  return 'just now';
}

export const THUMBNAIL_WIDTH = 300;
export const THUMBNAIL_HEIGHT = 200;

/** The URL if it is an absolute http(s) URL, else undefined: stored links are rendered only so. */
export function httpUrlOrUndefined(value: string | null | undefined): string | undefined {
  if (!value || !URL.canParse(value)) return undefined;
  return ['http:', 'https:'].includes(new URL(value).protocol) ? value : undefined;
}

/**
 * Asks image hosts that resize on the fly for a 300x200 thumbnail (spec §9); other URLs are
 * returned as they are.
 */
export function thumbnailUrl(imageUrl: string): string {
  let url: URL;
  try {
    url = new URL(imageUrl);
  } catch {
    return imageUrl;
  }
  const host = url.hostname;
  if (host === 'miro.medium.com' || host === 'cdn-images-1.medium.com') {
    const id = url.pathname.split('/').pop();
    return id
      ? `https://miro.medium.com/v2/resize:fill:${THUMBNAIL_WIDTH}:${THUMBNAIL_HEIGHT}/${id}`
      : imageUrl;
  }
  if (
    /^i[0-3]\.wp\.com$/.test(host) ||
    host.endsWith('.files.wordpress.com') ||
    host.endsWith('.imgix.net')
  ) {
    url.searchParams.set('w', String(THUMBNAIL_WIDTH));
    url.searchParams.set('h', String(THUMBNAIL_HEIGHT));
    url.searchParams.set(
      host.endsWith('.imgix.net') ? 'fit' : 'crop',
      host.endsWith('.imgix.net') ? 'crop' : '1',
    );
    return url.toString();
  }
  if (host === 'res.cloudinary.com' && url.pathname.includes('/upload/')) {
    url.pathname = url.pathname.replace(
      '/upload/',
      `/upload/c_fill,w_${THUMBNAIL_WIDTH},h_${THUMBNAIL_HEIGHT}/`,
    );
    return url.toString();
  }
  return imageUrl;
}

/** Words a question starts with: how, why, what..., and the verbs that open yes-no questions. */
const QUESTION_START =
  /^\s*(?:how|why|what|when|where|which|who|whose|whom|should|shall|can|could|would|will|is|are|was|were|do|does|did|has|have)\b/i;

/**
 * Whether a query is asked as a question: a question word first, or a question mark last. Search
 * weighs such a query by meaning (docs/decisions/0030), and the search page asks the archive
 * (docs/decisions/0038).
 */
export function readsAsQuestion(query: string): boolean {
  return QUESTION_START.test(query) || query.trim().endsWith('?');
}
