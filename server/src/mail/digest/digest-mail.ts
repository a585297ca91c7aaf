import type { Summary } from '@blogstream/shared/contract';
import { SITE_NAME } from '@blogstream/shared/lib';
import { escapeHtml, quotableName, type MailContent } from '../templates.js';
import type { DigestWeek } from './digest-week.js';
import type { CandidateArticle } from '../../db/digest-articles.js';

/** One article of a digest and its summary (null: none could be made; the description stands in). */
export interface DigestEntry {
  article: CandidateArticle;
  summary: Summary | null;
}

/**
 * Whose digest it is: a reader's own (their topics and sources), or a subscription's, of a topic
 * page or of a collection (docs/decisions/0026-digests-for-anyone.md); or a saved search's e-mail
 * alert of its new matches (docs/decisions/0040-saved-searches.md).
 */
export type DigestAbout =
  | { kind: 'reader'; name: string }
  | { kind: 'topic' | 'collection' | 'search'; title: string; pageUrl: string };

/**
 * A section after the digest's own articles: one of the reader's saved searches and its new
 * matches of the week (docs/decisions/0040-saved-searches.md).
 */
export interface DigestSection {
  title: string;
  pageUrl: string;
  entries: DigestEntry[];
}

export interface DigestMailInput {
  about: DigestAbout;
  week: DigestWeek;
  entries: DigestEntry[];
  sections?: DigestSection[];
  publicUrl: string;
  unsubscribeUrl: string;
}

/** Every entry of the digest: its own, then each section's. */
function allEntries(input: DigestMailInput): DigestEntry[] {
  return [...input.entries, ...(input.sections ?? []).flatMap((section) => section.entries)];
}

/** A section's heading: "Your saved search "Vacuum": 3 new". */
function sectionHeading(section: DigestSection): string {
  return `Your saved search ${quotableName(section.title)}: ${section.entries.length} new`;
}

/** A digest e-mail: the content plus the headers that make it a list message. */
export interface DigestMail extends MailContent {
  to: string;
  messageId: string;
  headers: Record<string, string>;
}

const MAX_DESCRIPTION = 280;
const MAX_BULLETS = 5;
const MAX_CONCEPTS = 6;

/** Third-party text on one line, without control characters. */
function oneLine(text: string): string {
  return text
    .replace(/[\p{Cc}\u2028\u2029]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function shorten(text: string, max: number): string {
  const line = oneLine(text);
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/** Only absolute http(s) links are ever written into a message. */
function safeLink(link: string): string | undefined {
  if (!URL.canParse(link)) return undefined;
  const url = new URL(link);
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
}

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

function day(date: Date): string {
  return dayFormat.format(date);
}

function bulletsOf(entry: DigestEntry): string[] {
  return (entry.summary?.bullet_points ?? [])
    .map((bullet) => shorten(bullet, 300))
    .filter(Boolean)
    .slice(0, MAX_BULLETS);
}

function conceptsOf(entry: DigestEntry): string[] {
  return (entry.summary?.key_concepts ?? [])
    .map((concept) => shorten(concept, 60))
    .filter(Boolean)
    .slice(0, MAX_CONCEPTS);
}

/** The digest's name: "Your Blogstream weekly digest", or of which topic or collection. */
function digestName(about: DigestAbout): string {
  if (about.kind === 'reader') return `Your ${SITE_NAME} weekly digest`;
  const title = quotableName(about.title);
  if (about.kind === 'search') return `${SITE_NAME} alert: your saved search ${title}`;
  return about.kind === 'topic'
    ? `${SITE_NAME} weekly digest: ${title}`
    : `${SITE_NAME} weekly digest of your collection ${title}`;
}

export function digestSubject(about: DigestAbout, entries: DigestEntry[]): string {
  const first = entries[0] ? quotableName(entries[0].article.title) : '';
  const more = entries.length - 1;
  return `${digestName(about)}: ${first}${more > 0 ? ` and ${more} more` : ''}`;
}

const FOR_WHAT: Record<DigestAbout['kind'], (title: string) => string> = {
  reader: () => 'for your topics and sources',
  topic: (title) => `about ${title}`,
  collection: (title) => `like the ones in your collection ${title}`,
  search: (title) => `matching your saved search ${title}`,
};

function intro(input: DigestMailInput): string {
  const count = allEntries(input).length;
  const { about } = input;
  const forWhat = input.sections?.length
    ? 'for your topics, sources and saved searches'
    : FOR_WHAT[about.kind](about.kind === 'reader' ? '' : quotableName(about.title));
  return (
    `${count} new ${count === 1 ? 'article' : 'articles'} ${forWhat}, ` +
    `${day(input.week.since)} to ${day(input.week.until)}.`
  );
}

/** Why the e-mail came, and where to change that (the footer of both parts). */
function footer(input: DigestMailInput): {
  reason: string;
  change: { url: string; label: string };
} {
  const { about } = input;
  if (about.kind === 'reader') {
    return {
      reason: `You receive this e-mail because your ${SITE_NAME} digest mail frequency is Weekly.`,
      change: { url: `${input.publicUrl}/settings`, label: 'Change it in your settings' },
    };
  }
  const title = quotableName(about.title);
  const reasons = {
    topic: `you subscribed to the weekly digest of the topic ${title} on ${SITE_NAME}.`,
    collection: `you turned on the weekly digest of your collection ${title} on ${SITE_NAME}.`,
    search: `you turned on e-mail alerts of your saved search ${title} on ${SITE_NAME}.`,
  };
  const labels = {
    topic: 'Open the topic page',
    collection: 'Open the collection',
    search: 'Open the search',
  };
  return {
    reason: `You receive this e-mail because ${reasons[about.kind]}`,
    change: { url: about.pageUrl, label: labels[about.kind] },
  };
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What the unsubscribe link turns off. */
function unsubscribeLabel(about: DigestAbout): string {
  return about.kind === 'search' ? 'turn this alert off' : 'unsubscribe from the digest';
}

/** The text lines of `entries`, numbered from `first`. */
function textEntries(entries: DigestEntry[], first: number): string[] {
  return entries.flatMap((entry, index) => {
    const { article } = entry;
    const lines = [`${first + index}. ${oneLine(article.title)}`];
    lines.push(`   ${oneLine(article.sourceName)}, ${day(article.publishingDate)}`);
    const link = safeLink(article.link);
    if (link) lines.push(`   ${link}`);
    const bullets = bulletsOf(entry);
    if (bullets.length > 0) for (const bullet of bullets) lines.push(`   - ${bullet}`);
    else if (article.description) lines.push(`   ${shorten(article.description, MAX_DESCRIPTION)}`);
    const concepts = conceptsOf(entry);
    if (concepts.length > 0) lines.push(`   Key concepts: ${concepts.join(', ')}`);
    lines.push('');
    return lines;
  });
}

function textPart(input: DigestMailInput): string {
  const lines = [digestName(input.about), '', intro(input), ''];
  lines.push(...textEntries(input.entries, 1));
  let next = input.entries.length + 1;
  for (const section of input.sections ?? []) {
    lines.push(sectionHeading(section), section.pageUrl, '');
    lines.push(...textEntries(section.entries, next));
    next += section.entries.length;
  }
  const { reason, change } = footer(input);
  lines.push(
    '--',
    reason,
    `${change.label}: ${change.url}`,
    `${capitalised(unsubscribeLabel(input.about))}: ${input.unsubscribeUrl}`,
  );
  return `${lines.join('\n')}\n`;
}

const FONT =
  "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const MUTED = 'color:#5f6b7a;font-size:13px;line-height:18px';

function htmlEntry(entry: DigestEntry): string {
  const { article } = entry;
  const link = safeLink(article.link);
  const title = escapeHtml(oneLine(article.title));
  const heading = link
    ? `<a href="${escapeHtml(link)}" style="color:#1a4fa0;text-decoration:none">${title}</a>`
    : title;
  const bullets = bulletsOf(entry);
  const body =
    bullets.length > 0
      ? `<ul style="margin:8px 0 0 0;padding:0 0 0 20px;font-size:15px;line-height:22px;color:#1f2933">${bullets
          .map((bullet) => `<li style="margin:0 0 4px 0">${escapeHtml(bullet)}</li>`)
          .join('')}</ul>`
      : article.description
        ? `<p style="margin:8px 0 0 0;font-size:15px;line-height:22px;color:#1f2933">${escapeHtml(
            shorten(article.description, MAX_DESCRIPTION),
          )}</p>`
        : '';
  const concepts = conceptsOf(entry);
  const chips =
    concepts.length > 0
      ? `<p style="margin:8px 0 0 0">${concepts
          .map(
            (concept) =>
              `<span style="display:inline-block;margin:0 6px 6px 0;padding:2px 8px;border-radius:10px;background:#eef2f7;${MUTED}">${escapeHtml(concept)}</span>`,
          )
          .join('')}</p>`
      : '';
  return (
    `<tr><td class="pad" style="padding:20px 32px;border-top:1px solid #e4e7eb;${FONT}">` +
    `<p style="margin:0;${MUTED}">${escapeHtml(oneLine(article.sourceName))} &middot; ${day(article.publishingDate)}</p>` +
    `<h2 style="margin:4px 0 0 0;font-size:18px;line-height:24px;font-weight:600">${heading}</h2>` +
    `${body}${chips}</td></tr>`
  );
}

function htmlPart(input: DigestMailInput, subject: string): string {
  const link = (url: string, label: string) =>
    `<a href="${escapeHtml(url)}" style="color:#1a4fa0">${escapeHtml(label)}</a>`;
  const { about } = input;
  const { reason, change } = footer(input);
  const greeting = about.kind === 'reader' ? `Hello ${shorten(about.name, 80)}, ` : '';
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light only">',
    `<title>${escapeHtml(subject)}</title>`,
    '<style>@media only screen and (max-width:620px){.container{width:100%!important}',
    '.pad{padding-left:16px!important;padding-right:16px!important}}</style></head>',
    '<body style="margin:0;padding:0;background:#f4f5f7">',
    `<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(intro(input))}</div>`,
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f4f5f7">',
    '<tr><td align="center" style="padding:24px 8px">',
    '<table role="presentation" class="container" width="600" cellpadding="0" cellspacing="0" border="0" style="width:600px;max-width:600px;background:#ffffff;border-radius:8px">',
    `<tr><td class="pad" style="padding:28px 32px 16px 32px;${FONT}">`,
    `<h1 style="margin:0;font-size:22px;line-height:28px;color:#1f2933">${escapeHtml(digestName(about))}</h1>`,
    `<p style="margin:8px 0 0 0;font-size:15px;line-height:22px;color:#1f2933">${escapeHtml(
      greeting + intro(input),
    )}</p></td></tr>`,
    ...input.entries.map(htmlEntry),
    ...(input.sections ?? []).flatMap((section) => [
      `<tr><td class="pad" style="padding:24px 32px 4px 32px;border-top:1px solid #e4e7eb;${FONT}">` +
        `<h2 style="margin:0;font-size:18px;line-height:24px;color:#1f2933">` +
        `${link(section.pageUrl, sectionHeading(section))}</h2></td></tr>`,
      ...section.entries.map(htmlEntry),
    ]),
    `<tr><td class="pad" style="padding:20px 32px 28px 32px;border-top:1px solid #e4e7eb;${FONT}">`,
    `<p style="margin:0;${MUTED}">${escapeHtml(reason)} `,
    `${link(change.url, change.label)} or `,
    `${link(input.unsubscribeUrl, unsubscribeLabel(about))}.</p>`,
    '</td></tr></table></td></tr></table></body></html>',
  ].join('');
}

/** The digest's subject, text and HTML parts. */
export function renderDigest(input: DigestMailInput): MailContent {
  const subject = digestSubject(input.about, allEntries(input));
  return { subject, text: textPart(input), html: htmlPart(input, subject) };
}

/**
 * One Message-ID per recipient (a reader's id, or `s` and a subscription's id) and week: a resend
 * of the same digest is recognisably the same.
 */
export function digestMessageId(publicUrl: string, week: DigestWeek, recipient: string): string {
  return `<digest-${week.monday}-${recipient}@${new URL(publicUrl).hostname}>`;
}

/**
 * The list headers: one-click unsubscribe (RFC 8058, which requires an https URL; over plain http
 * only the List-Unsubscribe link is given), List-Id and Auto-Submitted (no auto-replies).
 */
export function digestHeaders(
  publicUrl: string,
  unsubscribeLink: string,
  about: DigestAbout,
): Record<string, string> {
  const list = {
    reader: 'digest',
    topic: 'topic-digest',
    collection: 'collection-digest',
    search: 'search-alert',
  }[about.kind];
  const name = {
    reader: 'weekly digest',
    topic: 'topic digest',
    collection: 'collection digest',
    search: 'saved search alert',
  }[about.kind];
  const headers: Record<string, string> = {
    'List-Unsubscribe': `<${unsubscribeLink}>`,
    'List-Id': `${SITE_NAME} ${name} <${list}.${new URL(publicUrl).hostname}>`,
    'Auto-Submitted': 'auto-generated',
  };
  if (unsubscribeLink.startsWith('https:')) {
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  return headers;
}
