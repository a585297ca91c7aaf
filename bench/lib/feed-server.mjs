import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';

/**
 * Serves feeds over `hostCount` loopback addresses (127.0.1.1, 127.0.1.2, ...), so the crawler's
 * one-request-per-host rule does not serialise everything: like real feeds on many hosts. Each
 * feed has an ETag and answers 304 to a matching conditional request; bodies are gzipped.
 */
export async function serveFeeds(feeds, hostCount = 16) {
  const byPath = new Map(
    feeds.map((feed) => [
      `/${feed.name}.xml`,
      {
        gzipped: gzipSync(feed.body),
        etag: `"${createHash('sha1').update(feed.body).digest('hex')}"`,
      },
    ]),
  );
  const servers = [];
  for (let index = 1; index <= hostCount; index++) {
    const server = createServer((request, response) => {
      const feed = byPath.get(request.url);
      if (!feed) return response.writeHead(404).end();
      if (request.headers['if-none-match'] === feed.etag) {
        return response.writeHead(304, { etag: feed.etag }).end();
      }
      response
        .writeHead(200, {
          'content-type': 'application/rss+xml',
          'content-encoding': 'gzip',
          etag: feed.etag,
        })
        .end(feed.gzipped);
    });
    await new Promise((resolve) => server.listen(0, `127.0.1.${index}`, resolve));
    servers.push(server);
  }
  const urls = feeds.map((feed, index) => {
    const server = servers[index % servers.length];
    const { address, port } = server.address();
    return { name: feed.name, url: `http://${address}:${port}/${feed.name}.xml` };
  });
  return {
    urls,
    close: () => Promise.all(servers.map((server) => new Promise((done) => server.close(done)))),
  };
}

export function opml(urls) {
  const outlines = urls
    .map(({ name, url }) => `<outline type="rss" text="${name}" xmlUrl="${url}"/>`)
    .join('\n');
  return `<?xml version="1.0"?>\n<opml version="2.0"><head><title>bench</title></head><body>\n${outlines}\n</body></opml>\n`;
}
