import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { formatViolations, seriousViolations } from '../support/a11y.js';
import { keepOffline } from '../support/browser.js';
import { seededJourneys, seededSite } from '../support/journey.js';
import { readerFor, signIn, signUpReader, widths } from '../support/reader.js';
import { screenshot } from '../support/screenshots.js';
import { runSeedReport, SEEDING_TIMEOUT_MS } from '../support/seed.js';

/**
 * Personal OPML (decision 0027): a reader imports another reader's export on the
 * Subscriptions > Sources tab and reads the report (a new feed added, a corpus feed already known,
 * two refused), then exports their subscriptions as an OPML file holding both.
 */

const JOURNEY_TIMEOUT_MS = 120_000;

/** A blog the site does not know yet, on a local server (the site runs with FEED_ALLOW_PRIVATE). */
function newBlogFeed(origin: string): string {
  const items = [1, 2]
    .map(
      (n) => `<item><title>Offline-first notes, part ${n}</title>
        <link>${origin}/new-blog/posts/${n}</link>
        <pubDate>${new Date(Date.now() - n * 86_400_000).toUTCString()}</pubDate>
        <description>How part ${n} of an offline-first reader works.</description></item>`,
    )
    .join('');
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>New Blog</title>
    <link>${origin}/new-blog/</link>${items}</channel></rss>`;
}

async function startNewBlog(): Promise<{ origin: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    if (request.url === '/new-blog/feed.xml') {
      response.writeHead(200, { 'content-type': 'application/rss+xml' });
      response.end(newBlogFeed(origin));
    } else response.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe.each(widths)('personal OPML at $name width', ({ name: width, viewport }) => {
  // A site for each width: the other width's New Blog, another source with the same posts, would
  // be one story with this one's (decision 0029) and could lead its cards.
  const seeded = seededSite({ FEED_ALLOW_PRIVATE: '1' });
  const journey = seededJourneys(seeded, viewport, { pageOptions: { acceptDownloads: true } });
  let newBlog: Awaited<ReturnType<typeof startNewBlog>>;
  let knownFeedUrl: string;
  const reader = readerFor('opml', width, 'Grace');
  const shot = (step: string) => screenshot(journey.page, `opml-${width}-${step}`);

  beforeAll(async () => {
    const { feedServerPort } = await runSeedReport();
    knownFeedUrl = `http://127.0.0.1:${feedServerPort}/feeds/cursor-blog.xml`;
    newBlog = await startNewBlog();
    const setup = await journey.browser.newPage({ viewport });
    await keepOffline(setup);
    await signUpReader(setup, journey.site.url, reader);
    await setup.close();
  }, SEEDING_TIMEOUT_MS);

  afterAll(async () => {
    await newBlog?.close();
  });

  it(
    'imports a Feedly export with a report, then exports the subscriptions as OPML',
    async () => {
      const { page, site } = journey;
      await signIn(page, site.url, reader);
      await page.goto(`${site.url}/subscriptions/sources`);
      const section = page.getByRole('region', { name: 'Import and export' });
      await section.waitFor();

      const feedly = `<?xml version="1.0" encoding="UTF-8"?>
<opml version="1.0">
  <head><title>Grace subscriptions in feedly Cloud</title></head>
  <body>
    <outline text="Engineering" title="Engineering">
      <outline type="rss" text="Cursor" title="Cursor" xmlUrl="${knownFeedUrl}" htmlUrl="https://cursor.com/blog"/>
      <outline type="rss" text="New Blog" title="New Blog" xmlUrl="${newBlog.origin}/new-blog/feed.xml" htmlUrl="${newBlog.origin}/new-blog/"/>
      <outline type="rss" text="Moved away" title="Moved away" xmlUrl="${newBlog.origin}/moved/feed.xml"/>
      <outline type="rss" text="Broken entry" title="Broken entry" xmlUrl="not a url"/>
    </outline>
  </body>
</opml>`;
      await section.getByLabel('OPML file from another reader').setInputFiles({
        name: 'feedly.opml',
        mimeType: 'text/x-opml',
        buffer: Buffer.from(feedly),
      });
      await section.getByRole('button', { name: 'Import' }).click();

      const report = section.getByRole('region', { name: 'Import report' });
      await report.waitFor();
      await report.getByText('2 sources followed, 2 refused.').waitFor();
      const added = report.getByRole('region', { name: 'Added (1)' });
      await added.getByText('New Blog', { exact: false }).waitFor();
      await report.getByRole('region', { name: 'Already known (1)' }).waitFor();
      const refused = report.getByRole('region', { name: 'Refused (2)' });
      await refused.getByText('Moved away: could not be fetched').waitFor();
      await refused.getByText('Broken entry: not a web address').waitFor();
      // The subscribed list now holds both followed sources.
      const subscribed = page.getByRole('list', { name: 'Subscribed' });
      await subscribed.getByRole('link', { name: 'New Blog' }).waitFor();
      expect(await subscribed.getByRole('listitem').count()).toBe(2);
      await report.scrollIntoViewIfNeeded();
      await shot('01-import-report');
      expect(formatViolations('OPML import report', await seriousViolations(page))).toEqual([]);
      await page.emulateMedia({ colorScheme: 'dark' });
      await shot('02-import-report-dark');
      expect(formatViolations('OPML import report, dark', await seriousViolations(page))).toEqual(
        [],
      );
      await page.emulateMedia({ colorScheme: 'light' });

      // The new blog was crawled at once: its posts are in the subscriptions feed.
      await page.getByRole('tab', { name: 'Articles' }).click();
      await page
        .getByRole('article', { name: 'Offline-first notes, part 1', exact: true })
        .waitFor();

      await page.getByRole('tab', { name: 'Sources' }).click();
      const downloading = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Export subscriptions (OPML)' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('subscriptions.opml');
      const exported = await readFile((await download.path())!, 'utf8');
      expect(exported).toContain('<opml version="2.0">');
      expect(exported).toContain(`xmlUrl="${knownFeedUrl}"`);
      expect(exported).toContain(`xmlUrl="${newBlog.origin}/new-blog/feed.xml"`);
      expect(exported.match(/<outline /g)).toHaveLength(2);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
