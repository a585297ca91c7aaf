import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { corpusTopics } from './corpus-topics.js';
import { repoRoot } from './site.js';

/** The shared article corpus: real RSS/Atom files of engineering blogs (see its PROVENANCE.md). */
export const corpusDir = path.resolve(repoRoot, '../shared/data');

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"]/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[char]!,
  );

export interface CorpusSource {
  url_name: string;
  name: string;
  site_url: string | null;
  feed_file: string | null;
  source_type: string;
}

/** The corpus sources that come with a raw feed file, as corpus-sources.json lists them. */
export async function corpusFeedSources(): Promise<CorpusSource[]> {
  const text = await readFile(path.join(corpusDir, 'corpus-sources.json'), 'utf8');
  return (JSON.parse(text) as CorpusSource[]).filter((source) => source.feed_file);
}

export interface FeedServer {
  /** Ends with `/`; feeds are at `${url}feeds/{url_name}.xml`. */
  url: string;
  requests: string[];
  close: () => Promise<void>;
}

/** A post a blog publishes after the seed crawl, to be found by a later crawl. */
export interface FreshPost {
  title: string;
  link: string;
  description: string;
}

/** The feed with `post` added as its newest item (RSS `<item>` or Atom `<entry>`). */
export function withFreshPost(xml: string, post: FreshPost): string {
  const date = new Date();
  const title = escapeXml(post.title);
  const link = escapeXml(post.link);
  const description = escapeXml(post.description);
  if (/<feed[\s>]/.test(xml)) {
    const entry = `<entry><title>${title}</title><link href="${link}"/><id>${link}</id><updated>${date.toISOString()}</updated><summary>${description}</summary></entry>`;
    return xml.replace(/<entry[\s>]/, (first) => `${entry}${first}`);
  }
  const item = `<item><title>${title}</title><link>${link}</link><guid>${link}</guid><pubDate>${date.toUTCString()}</pubDate><description>${description}</description></item>`;
  return xml.replace(/<item[\s>]/, (first) => `${item}${first}`);
}

export interface FeedServerOptions {
  /** 0: any free port. A later crawl of a seeded site needs the port the seed crawl used. */
  port?: number;
  /** New posts per source url_name (corpus-sources.json), served on top of the corpus file. */
  freshPosts?: Record<string, FreshPost>;
}

/** Serves ../shared/data/feeds as the blogs themselves would: one XML file per feed URL. */
export async function startFeedServer(options: FeedServerOptions = {}): Promise<FeedServer> {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const urlPath = new URL(request.url ?? '/', 'http://x').pathname;
    requests.push(urlPath);
    const match = /^\/feeds\/([a-z0-9-]+)\.xml$/.exec(urlPath);
    if (!match) {
      response.writeHead(404).end();
      return;
    }
    const urlName = match[1]!;
    readFile(path.join(corpusDir, 'feeds', `${urlName}.xml`), 'utf8').then(
      (body) => {
        const fresh = options.freshPosts?.[urlName];
        response.writeHead(200, { 'Content-Type': 'application/xml; charset=utf-8' });
        response.end(fresh ? withFreshPost(body, fresh) : body);
      },
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('The feed server has no port');
  return {
    url: `http://127.0.0.1:${address.port}/`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Writes an OPML file listing every corpus feed at `feedServerUrl`, each outline tagged with the
 * source's catalogue topics, as an operator would import it (`admin import-opml FILE`). No
 * htmlUrl: the sites themselves are on the internet, which the machine cannot reach.
 */
export async function writeCorpusOpml(feedServerUrl: string, file: string): Promise<number> {
  const sources = await corpusFeedSources();
  const outlines = sources.map((source) => {
    const topics = corpusTopics[source.url_name] ?? ['Software Engineering'];
    const feedUrl = `${feedServerUrl}feeds/${source.url_name}.xml`;
    return `    <outline type="rss" text="${escapeXml(source.name)}" title="${escapeXml(source.name)}" xmlUrl="${escapeXml(feedUrl)}" category="${escapeXml(topics.join(','))}"/>`;
  });
  await writeFile(
    file,
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<opml version="2.0">',
      '  <head><title>Blogstream e2e corpus</title></head>',
      '  <body>',
      ...outlines,
      '  </body>',
      '</opml>',
      '',
    ].join('\n'),
  );
  return outlines.length;
}
