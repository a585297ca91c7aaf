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
export class KnownSources<Source extends SourceAddresses = SourceAddresses> {
  /** Feed keys; a feed added by `addFeed` alone has no source. */
  private readonly feeds = new Map<string, Source | undefined>();
  private readonly sourcesBySite = new Map<string, Source[]>();

  constructor(sources: Iterable<Source> = []) {
    for (const source of sources) this.add(source);
  }

  add(source: Source): void {
    const feed = sourceUrlKey(source.feed_url);
    if (feed && !this.feeds.get(feed)) this.feeds.set(feed, source);
    const site = sourceUrlKey(source.site_url);
    if (site) this.sourcesBySite.set(site, [...(this.sourcesBySite.get(site) ?? []), source]);
  }

  /** Only the feed: sibling feeds of one site that arrive together stay distinct. */
  addFeed(feedUrl: string): void {
    const feed = sourceUrlKey(feedUrl);
    if (feed && !this.feeds.has(feed)) this.feeds.set(feed, undefined);
  }

  has(source: SourceAddresses): boolean {
    const feed = sourceUrlKey(source.feed_url);
    return (feed !== undefined && this.feeds.has(feed)) || this.bySite(source) !== undefined;
  }

  /** The known source with these addresses (not one only `addFeed` named). */
  find(source: SourceAddresses): Source | undefined {
    const feed = sourceUrlKey(source.feed_url);
    return (feed !== undefined ? this.feeds.get(feed) : undefined) ?? this.bySite(source);
  }

  private bySite(source: SourceAddresses): Source | undefined {
    const site = sourceUrlKey(source.site_url);
    const sources = site !== undefined ? this.sourcesBySite.get(site) : undefined;
    return sources?.length === 1 ? sources[0] : undefined;
  }
}
