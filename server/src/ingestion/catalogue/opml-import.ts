import { parseOpml, type Opml } from 'feedsmith';
import { findTopic } from '@blogstream/shared/lib';
import type { Db } from '../../db/db.js';
import { sourceAddresses, upsertSources, type SourceEntry } from '../../db/sources.js';
import { absoluteHttpUrl } from '../normalise/canonical-link.js';
import { KnownSources } from './known-sources.js';
import { slugify, uniqueSlug } from '../../lib/slug.js';

type Outline = Opml.Outline<string>;

export interface OpmlImportReport {
  added: number;
  /** Feeds of sources already known: the same feed or site address (see KnownSources). */
  alreadyKnown: number;
  /** Outlines with a feed URL that is not an absolute http(s) URL. */
  invalid: number;
}

/** Topics named by an outline's category attribute or by the folders around it. */
function topicsOf(outline: Outline, folders: string[]): string[] {
  const names = [...(outline.category?.split(/[,/]/) ?? []), ...folders];
  const topics = names.flatMap((name) => findTopic(name) ?? []);
  return [...new Set(topics)];
}

/** An outline with a feed (`xmlUrl`) and the titles of the folders around it. */
export interface OpmlFeed {
  outline: Outline;
  folders: string[];
}

function feedOutlines(outlines: Outline[], folders: string[] = []): OpmlFeed[] {
  return outlines.flatMap((outline): OpmlFeed[] =>
    outline.xmlUrl
      ? [{ outline, folders }]
      : feedOutlines(outline.outlines ?? [], [...folders, outline.title ?? outline.text ?? '']),
  );
}

/** The feeds of an OPML document, in folders or not; throws when the text is not OPML. */
export function opmlFeeds(opmlText: string): OpmlFeed[] {
  return feedOutlines(parseOpml(opmlText).body?.outlines ?? []);
}

/** The feed's title as the file gives it, else its host. */
export function opmlFeedTitle({ outline }: OpmlFeed, feedUrl: string): string {
  return (outline.title ?? outline.text ?? '').trim() || new URL(feedUrl).host;
}

/**
 * The source an OPML feed describes, named after its title with a `url_name` not in `urlNames`
 * (which it joins).
 */
export function opmlSourceEntry(
  feed: OpmlFeed,
  feedUrl: string,
  siteUrl: string | null,
  urlNames: Set<string>,
): SourceEntry {
  const title = opmlFeedTitle(feed, feedUrl);
  return {
    url_name: uniqueSlug(slugify(title), urlNames),
    name: (feed.outline.text ?? title).trim() || title,
    long_name: title,
    site_url: siteUrl,
    feed_url: feedUrl,
    category: null,
    source_type: 'blog',
    topics: topicsOf(feed.outline, feed.folders),
  };
}

/**
 * Adds every feed of an OPML file as a source (origin 'opml'); feeds of sources already known
 * (the catalogue's, or imported before) are left as they are, so importing a file twice, or a
 * list of blogs the catalogue has, adds nothing.
 */
export async function importOpml(db: Db, opmlText: string): Promise<OpmlImportReport> {
  const feeds = opmlFeeds(opmlText);
  const existing = await sourceAddresses(db);
  const known = new KnownSources(existing);
  const urlNames = new Set(existing.map((source) => source.url_name));
  const report: OpmlImportReport = { added: 0, alreadyKnown: 0, invalid: 0 };
  const entries: SourceEntry[] = [];
  for (const feed of feeds) {
    const feedUrl = absoluteHttpUrl(feed.outline.xmlUrl)?.href;
    if (!feedUrl) {
      report.invalid += 1;
      continue;
    }
    const siteUrl = absoluteHttpUrl(feed.outline.htmlUrl)?.href ?? null;
    if (known.has({ feed_url: feedUrl, site_url: siteUrl })) {
      report.alreadyKnown += 1;
      continue;
    }
    known.addFeed(feedUrl);
    entries.push(opmlSourceEntry(feed, feedUrl, siteUrl, urlNames));
  }
  report.added = (await upsertSources(db, entries, 'opml')).inserted;
  return report;
}
