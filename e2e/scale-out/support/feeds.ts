import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';

/**
 * Small generated RSS feeds served from several loopback hosts (127.0.0.1 .. 127.0.0.N), so that
 * the crawler's one-fetch-per-host rule lets several workers fetch at once. Counts every request
 * by URL, so a test can tell how often each feed was fetched.
 */
export interface FeedHosts {
  feedUrls: string[];
  /** How often each feed URL was requested (feed URLs only; icon and page requests excluded). */
  fetchesOf(url: string): number;
  writeOpml(dir: string): Promise<string>;
  close(): Promise<void>;
}

function feedXml(host: number, feed: number, items: number): string {
  const entries = Array.from({ length: items }, (_, index) => {
    const date = new Date(Date.UTC(2025, 0, 1 + index, 12)).toUTCString();
    const link = `https://blog-${host}-${feed}.example/posts/${index}`;
    return (
      `<item><title>Scaling note ${host}.${feed}.${index}: queues, leases and replicas</title>` +
      `<link>${link}</link><guid>${link}</guid><pubDate>${date}</pubDate>` +
      `<description>How team ${host}-${feed} runs stateless web processes and workers that ` +
      `share one PostgreSQL database, part ${index}.</description></item>`
    );
  }).join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel>` +
    `<title>Blog ${host}-${feed}</title><link>https://blog-${host}-${feed}.example/</link>` +
    `<description>Engineering notes</description>${entries}</channel></rss>`
  );
}

export async function startFeedHosts(options: {
  hosts: number;
  feedsPerHost: number;
  itemsPerFeed: number;
  /** Each answer waits this long, so a crawl lasts long enough for workers to overlap. */
  delayMs: number;
}): Promise<FeedHosts> {
  const fetches = new Map<string, number>();
  const servers: Server[] = [];
  const feedUrls: string[] = [];
  for (let host = 1; host <= options.hosts; host += 1) {
    const address = `127.0.0.${host}`;
    const server = createServer((request, response) => {
      const url = `http://${request.headers.host}${request.url}`;
      const match = /^\/feeds\/(\d+)\.xml$/.exec(request.url ?? '');
      if (!match) {
        response.writeHead(404).end();
        return;
      }
      fetches.set(url, (fetches.get(url) ?? 0) + 1);
      setTimeout(() => {
        response
          .writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' })
          .end(feedXml(host, Number(match[1]), options.itemsPerFeed));
      }, options.delayMs);
    });
    await new Promise<void>((resolve) => server.listen(0, address, resolve));
    servers.push(server);
    const { port } = server.address() as { port: number };
    for (let feed = 1; feed <= options.feedsPerHost; feed += 1) {
      feedUrls.push(`http://${address}:${port}/feeds/${feed}.xml`);
    }
  }
  return {
    feedUrls,
    fetchesOf: (url) => fetches.get(url) ?? 0,
    writeOpml: async (dir) => {
      const outlines = feedUrls
        .map(
          (url, index) =>
            `<outline type="rss" text="Scale blog ${index + 1}" title="Scale blog ${index + 1}" xmlUrl="${url}"/>`,
        )
        .join('\n');
      const file = path.join(dir, 'scale-out.opml');
      await writeFile(
        file,
        `<?xml version="1.0"?><opml version="2.0"><head><title>scale-out</title></head><body>\n${outlines}\n</body></opml>\n`,
      );
      return file;
    },
    close: async () => {
      for (const server of servers) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    },
  };
}
