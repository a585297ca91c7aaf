import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { DRILL_WORD, markupPayloads, urlPayloads, type Payload } from './xss-payloads.js';

/**
 * A blog host serving hostile feeds for the XSS drill: every markup payload goes out as an item
 * title and as a description (half as HTML, half double-escaped so the stored text holds live-
 * looking markup), every URL payload as an item link and as image candidates. The site crawls
 * them through its real ingestion path (`admin import-opml`, `admin crawl`).
 */

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char]!,
  );

// XML 1.0 cannot carry C0 controls other than tab and newline, even as references; payloads
// with them reach the site through the API and SQL instead.
const xmlSafe = (payload: Payload) =>
  // eslint-disable-next-line no-control-regex
  !/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(payload.text);

export const HOSTILE_FEEDS = 40;
export const HOSTILE_TOPIC = 'Security';

export interface HostileItem {
  payload: Payload;
  urlPayload: Payload;
  /** The link the item falls back to (its guid) when its link is refused. */
  fallbackLink: string;
}

/** The items of feed `feed`: payloads feed, feed + HOSTILE_FEEDS, ... */
export function hostileItems(feed: number): HostileItem[] {
  const payloads = markupPayloads.filter(xmlSafe);
  const urls = urlPayloads.filter(xmlSafe);
  const items: HostileItem[] = [];
  for (let index = feed; index < payloads.length; index += HOSTILE_FEEDS) {
    const payload = payloads[index]!;
    items.push({
      payload,
      urlPayload: urls[index % urls.length]!,
      fallbackLink: `https://xss-drill.example/post/${payload.id}`,
    });
  }
  return items;
}

/** The hostile names of the feed's source (OPML text and title attributes). */
export function hostileSourceNames(feed: number): { text: string; title: string } {
  const payloads = markupPayloads.filter(xmlSafe);
  return {
    text: payloads[(feed * 7) % payloads.length]!.text,
    title: `${payloads[(feed * 7 + 3) % payloads.length]!.text} Blog ${feed}`,
  };
}

function rssFeed(feed: number, now: number): string {
  const items = hostileItems(feed).map((item, k) => {
    const { payload, urlPayload, fallbackLink } = item;
    const link = k % 2 === 0 ? urlPayload.text : fallbackLink;
    // Double-escaped: the stored plain text is the payload's markup, characters and all.
    const description =
      k % 2 === 0 ? escapeXml(`${DRILL_WORD} ${payload.text}`) : `${DRILL_WORD} ${payload.text}`;
    return [
      '<item>',
      `<title>${escapeXml(payload.text)}</title>`,
      `<link>${escapeXml(link)}</link>`,
      `<guid isPermaLink="true">${escapeXml(fallbackLink)}</guid>`,
      `<pubDate>${new Date(now - (feed * 20 + k) * 1000).toUTCString()}</pubDate>`,
      `<description>${escapeXml(description)}</description>`,
      `<enclosure url="${escapeXml(urlPayload.text)}" type="image/png" length="1"/>`,
      `<content:encoded>${escapeXml(
        `<p>${DRILL_WORD} ${payload.text}</p><img src="${urlPayload.text}" width="300" height="200">` +
          `<img src="https://images.xss-drill.example/${payload.id}.png" width="300" height="200">`,
      )}</content:encoded>`,
      '</item>',
    ].join('');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">',
    `<channel><title>${escapeXml(hostileSourceNames(feed).title)}</title>`,
    '<link>https://xss-drill.example/</link><description>hostile</description>',
    ...items,
    '</channel></rss>',
  ].join('\n');
}

/** Atom with type="html" titles: the title goes through the HTML-to-text path. */
function atomFeed(feed: number, now: number): string {
  const entries = hostileItems(feed).map(({ payload, urlPayload, fallbackLink }, k) =>
    [
      '<entry>',
      `<title type="html">${escapeXml(payload.text)}</title>`,
      `<link rel="alternate" href="${escapeXml(k % 2 === 0 ? urlPayload.text : fallbackLink)}"/>`,
      `<link rel="enclosure" type="image/png" href="${escapeXml(urlPayload.text)}"/>`,
      `<id>${escapeXml(fallbackLink)}</id>`,
      `<updated>${new Date(now - (feed * 20 + k) * 1000).toISOString()}</updated>`,
      `<summary type="html">${escapeXml(`${DRILL_WORD} ${payload.text}`)}</summary>`,
      '</entry>',
    ].join(''),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `<title type="html">${escapeXml(hostileSourceNames(feed).title)}</title>`,
    `<id>https://xss-drill.example/${feed}</id><updated>${new Date(now).toISOString()}</updated>`,
    ...entries,
    '</feed>',
  ].join('\n');
}

export interface HostileFeedServer {
  url: string;
  close: () => Promise<void>;
}

export async function startHostileFeedServer(): Promise<HostileFeedServer> {
  const now = Date.now();
  const server: Server = createServer((request, response) => {
    const match = /^\/hostile\/(\d+)\.xml$/.exec(request.url ?? '');
    const feed = match ? Number(match[1]) : -1;
    if (feed < 0 || feed >= HOSTILE_FEEDS) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': 'application/xml; charset=utf-8' });
    response.end(feed % 4 === 3 ? atomFeed(feed, now) : rssFeed(feed, now));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('The feed server has no port');
  return {
    url: `http://127.0.0.1:${address.port}/`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An OPML of the hostile feeds, with hostile source names, all filed under HOSTILE_TOPIC. */
export async function writeHostileOpml(serverUrl: string, file: string): Promise<void> {
  const outlines = Array.from({ length: HOSTILE_FEEDS }, (_, feed) => {
    const { text, title } = hostileSourceNames(feed);
    return `<outline type="rss" text="${escapeXml(text)}" title="${escapeXml(title)}" xmlUrl="${serverUrl}hostile/${feed}.xml" category="${HOSTILE_TOPIC}"/>`;
  });
  await writeFile(
    file,
    `<?xml version="1.0" encoding="UTF-8"?>\n<opml version="2.0"><head><title>xss</title></head><body>\n${outlines.join('\n')}\n</body></opml>\n`,
  );
}
