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

function feedOutlines(outlines: Outline[], folders: string[] = []): [Outline, string[]][] {
  return outlines.flatMap((outline): [Outline, string[]][] =>
    outline.xmlUrl
      ? [[outline, folders]]
      : feedOutlines(outline.outlines ?? [], [...folders, outline.title ?? outline.text ?? '']),
  );
}

/**
 * Adds every feed of an OPML file as a source (origin 'opml'); feeds of sources already known
 * (the catalogue's, or imported before) are left as they are, so importing a file twice, or a
 * list of blogs the catalogue has, adds nothing.
 */
export async function importOpml(db: Db, opmlText: string): Promise<OpmlImportReport> {
  const document = parseOpml(opmlText);
  const existing = await sourceAddresses(db);
  const known = new KnownSources(existing);
  const urlNames = new Set(existing.map((source) => source.url_name));
  const report: OpmlImportReport = { added: 0, alreadyKnown: 0, invalid: 0 };
  const entries: SourceEntry[] = [];
  for (const [outline, folders] of feedOutlines(document.body?.outlines ?? [])) {
    const feedUrl = absoluteHttpUrl(outline.xmlUrl)?.href;
    if (!feedUrl) {
      report.invalid += 1;
      continue;
    }
    const siteUrl = absoluteHttpUrl(outline.htmlUrl)?.href ?? null;
    if (known.has({ feed_url: feedUrl, site_url: siteUrl })) {
      report.alreadyKnown += 1;
      continue;
    }
    known.addFeed(feedUrl);
    const title = (outline.title ?? outline.text ?? '').trim() || new URL(feedUrl).host;
    entries.push({
      url_name: uniqueSlug(slugify(title), urlNames),
      name: (outline.text ?? title).trim() || title,
      long_name: title,
      site_url: siteUrl,
      feed_url: feedUrl,
      category: null,
      source_type: 'blog',
      topics: topicsOf(outline, folders),
    });
  }
  report.added = (await upsertSources(db, entries, 'opml')).inserted;
  return report;
}
