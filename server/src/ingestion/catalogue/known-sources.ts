import { sourceUrlKey } from './source-url-key.js';

/** A source's addresses, as stored or as an OPML outline gives them. */
export interface SourceAddresses {
  feed_url: string | null;
  site_url: string | null;
}

/**
 * The sources already known, to tell whether an address is one of them: the same feed, or the
 * same site, both compared by `sourceUrlKey`. A site counts only when exactly one known source
 * has it: several sources on one site address (Blogger blogs listed under blogger.com, or a
 * company's separate feeds under its one blog) say nothing about which of them a new feed is.
 */
export class KnownSources {
  private readonly feeds = new Set<string>();
  private readonly sourcesBySite = new Map<string, number>();

  constructor(sources: Iterable<SourceAddresses> = []) {
    for (const source of sources) this.add(source);
  }

  add(source: SourceAddresses): void {
    const feed = sourceUrlKey(source.feed_url);
    if (feed) this.feeds.add(feed);
    const site = sourceUrlKey(source.site_url);
    if (site) this.sourcesBySite.set(site, (this.sourcesBySite.get(site) ?? 0) + 1);
  }

  /** Only the feed: sibling feeds of one site that arrive together stay distinct. */
  addFeed(feedUrl: string): void {
    this.add({ feed_url: feedUrl, site_url: null });
  }

  has(source: SourceAddresses): boolean {
    const feed = sourceUrlKey(source.feed_url);
    if (feed && this.feeds.has(feed)) return true;
    const site = sourceUrlKey(source.site_url);
    return site !== undefined && this.sourcesBySite.get(site) === 1;
  }
}
