import { absoluteHttpUrl } from '../normalise/canonical-link.js';
import type { DomElement } from './readable-article.js';

/** Images declared this small (or smaller) are tracking pixels, not pictures. */
const MAX_PIXEL_SIDE = 2;

/** Hosts that serve counters and ads: stats.wordpress.com, pixel.wp.com, doubleclick... */
const TRACKING_HOST =
  /^(?:stats|pixel|analytics)\.|(?:^|\.)(?:doubleclick\.net|google-analytics\.com)$/i;
/** Feedburner's per-item counters (/~r/...) and flares (/~ff/...). */
const TRACKING_PATH = /\/~(?:r|ff)\//;
const SPACER_GIF = /(?:^|[/_.-])(?:1x1|pixel|spacer|blank|clear|transparent)[^/]*\.gif$/i;
/** Site furniture rather than the article's picture, by the usual words in its path or class. */
const FURNITURE =
  /(?:^|[/_.\s-])(?:emoji|emoticons?|smilies|wp-smiley|avatars?|gravatar|logos?|icons?|favicon|badges?|sprites?|spinner)(?:[/_.\s-]|$)/i;

function declaredTooSmall(image: DomElement): boolean {
  return ['width', 'height'].some((side) => {
    const value = Number.parseInt(image.getAttribute(side) ?? '', 10);
    return !Number.isNaN(value) && value <= MAX_PIXEL_SIDE;
  });
}

/** Where an <img> points: its src, or when that is a placeholder, its lazy-loading source. */
function sourceOf(image: DomElement): string | undefined {
  const srcset = image.getAttribute('srcset')?.trim().split(/\s+/)[0];
  return [image.getAttribute('src'), image.getAttribute('data-src'), srcset]
    .map((source) => source?.trim())
    .find((source) => source && !/^data:/i.test(source));
}

/** Whether an image URL is a tracking pixel, an icon or an avatar rather than a picture. */
function isFurnitureOrTracking(url: URL): boolean {
  return (
    TRACKING_HOST.test(url.hostname) ||
    /(?:^|\.)gravatar\.com$/i.test(url.hostname) ||
    TRACKING_PATH.test(url.pathname) ||
    SPACER_GIF.test(url.pathname) ||
    /\.svg$/i.test(url.pathname) ||
    FURNITURE.test(url.pathname)
  );
}

/**
 * Where an <img> of an article shows a picture, as an absolute http(s) URL, or null for what is
 * not one: a tracking pixel, a data: URI, an SVG (in articles they are icons and badges far more
 * often than figures), an emoji, an avatar or a logo.
 */
export function pictureUrl(image: DomElement, base: string | undefined): string | null {
  if (declaredTooSmall(image) || FURNITURE.test(image.getAttribute('class') ?? '')) return null;
  const url = absoluteHttpUrl(sourceOf(image), base);
  return url && !isFurnitureOrTracking(url) ? url.href : null;
}

/** The first picture in the article's content (pictureUrl), or null when it shows none. */
export function firstContentImage(content: DomElement, base: string | undefined): string | null {
  for (const image of Array.from(content.querySelectorAll('img'))) {
    const url = pictureUrl(image, base);
    if (url) return url;
  }
  return null;
}
