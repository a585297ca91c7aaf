import { parseOpml, type Opml } from 'feedsmith';
import { findTopic } from '@blogstream/shared/lib';
import type { Db } from '../db/db.js';
import { takenSourceKeys, upsertSources, type SourceEntry } from '../db/sources.js';
import { absoluteHttpUrl } from '../ingestion/normalise/canonical-link.js';
import { slugify, uniqueSlug } from './slug.js';

type Outline = Opml.Outline<string>;

export interface OpmlImportReport {
  added: number;
  /** Feeds already in the catalogue (same feed URL). */
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
 * Adds every feed of an OPML file as a source (origin 'opml'); feeds already known by URL are
 * left as they are, so importing a file twice adds nothing.
 */
export async function importOpml(db: Db, opmlText: string): Promise<OpmlImportReport> {
  const document = parseOpml(opmlText);
  const taken = await takenSourceKeys(db);
  const report: OpmlImportReport = { added: 0, alreadyKnown: 0, invalid: 0 };
  const entries: SourceEntry[] = [];
  for (const [outline, folders] of feedOutlines(document.body?.outlines ?? [])) {
    const feedUrl = absoluteHttpUrl(outline.xmlUrl)?.href;
    if (!feedUrl) {
      report.invalid += 1;
      continue;
    }
    if (taken.feedUrls.has(feedUrl)) {
      report.alreadyKnown += 1;
      continue;
    }
    taken.feedUrls.add(feedUrl);
    const title = (outline.title ?? outline.text ?? '').trim() || new URL(feedUrl).host;
    entries.push({
      url_name: uniqueSlug(slugify(title), taken.urlNames),
      name: (outline.text ?? title).trim() || title,
      long_name: title,
      site_url: absoluteHttpUrl(outline.htmlUrl)?.href ?? null,
      feed_url: feedUrl,
      category: null,
      source_type: 'blog',
      topics: topicsOf(outline, folders),
    });
  }
  report.added = (await upsertSources(db, entries, 'opml')).inserted;
  return report;
}
