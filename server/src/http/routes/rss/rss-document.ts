import type { Article } from '@blogstream/shared/contract';

export interface RssChannel {
  title: string;
  description: string;
  /** Absolute URL of the site page the feed stands for. */
  siteUrl: string;
  /** Absolute URL of the feed itself (atom:link rel="self"). */
  feedUrl: string;
  articles: Article[];
}

// Characters XML 1.0 cannot carry at all, even escaped.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

function text(value: string): string {
  return value
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function element(name: string, value: string): string {
  return `<${name}>${text(value)}</${name}>`;
}

/** RFC 822 date, as RSS 2.0 wants it: "Sat, 21 Nov 2026 06:02:05 GMT". */
function rfc822(iso: string): string {
  return new Date(iso).toUTCString();
}

function item(article: Article): string {
  return [
    '<item>',
    element('title', article.title),
    element('link', article.link),
    element('description', article.description),
    `<guid isPermaLink="true">${text(article.link)}</guid>`,
    // An undated article has no pubDate (optional in RSS 2.0) rather than an invented one.
    ...(article.publishing_date ? [element('pubDate', rfc822(article.publishing_date))] : []),
    element('dc:creator', article.source_name),
    '</item>',
  ].join('');
}

/**
 * An RSS 2.0 document: every text escaped (titles and descriptions are plain text already),
 * links absolute, dates in RFC 822, and the required channel elements title, link, description.
 */
export function rssDocument(channel: RssChannel): string {
  const newest = channel.articles.find((article) => article.publishing_date)?.publishing_date;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    element('title', channel.title),
    element('link', channel.siteUrl),
    element('description', channel.description),
    `<atom:link href="${text(channel.feedUrl)}" rel="self" type="application/rss+xml"/>`,
    element('language', 'en'),
    ...(newest ? [element('lastBuildDate', rfc822(newest))] : []),
    ...channel.articles.map(item),
    '</channel>',
    '</rss>',
  ].join('\n');
}
