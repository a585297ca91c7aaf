import { seededJourneys, seededSite } from '../support/journey.js';
import { widths } from '../support/reader.js';
import { screenshot } from '../support/screenshots.js';

/**
 * Source health over the crawled corpus (docs/CONTENT.md, "Source health"): a visitor finds a source's health on its page,
 * goes to the overview of every source, filters it by status and comes back to a source.
 */

const JOURNEY_TIMEOUT_MS = 90_000;

const seeded = seededSite();

describe.each(widths)('source health at $name width', ({ name: width, viewport }) => {
  const journey = seededJourneys(seeded, viewport);
  const shot = (step: string) => screenshot(journey.page, `source-health-${width}-${step}`);

  it(
    "a visitor reads a crawled source's health, the overview of all sources, filters it and returns to a source",
    async () => {
      const { page, site } = journey;
      await page.goto(`${site.url}/source-feed/source/cursor-blog`);
      const health = page.getByRole('region', { name: 'Source health' });
      await health.waitFor();
      // The seeded crawl fetched this feed: it is OK, with its articles counted.
      await health.getByText('OK', { exact: true }).waitFor();
      // Folded under its one-line summary (the status) so the articles lead the page: opened, the
      // last fetch, posting frequency, articles in 90 days and feed URL.
      await health.locator('summary').click();
      expect(await health.getByRole('definition').count()).toBe(4);
      await shot('01-source');

      await health.getByRole('link', { name: 'Health of all sources' }).click();
      await page.waitForURL((url) => url.pathname === '/sources/health');
      await page.getByRole('heading', { name: 'Source health', level: 1 }).waitFor();
      const table = page.getByRole('table', { name: 'Health of each source' });
      await table.getByRole('row').nth(1).waitFor();
      const everySource = await table.getByRole('row').count();
      expect(everySource).toBeGreaterThan(10);
      await shot('02-overview');

      const filters = page.getByRole('group', { name: 'Show sources' });
      await filters.getByRole('button', { name: /^OK \(\d+\)$/ }).click();
      const okRows = table.getByRole('row');
      expect(await okRows.count()).toBeLessThanOrEqual(everySource);
      for (const status of await table.locator('tbody td:nth-child(2)').allInnerTexts()) {
        expect(status.split('\n')[0]).toBe('OK');
      }

      await table.getByRole('link', { name: 'Cursor Blog' }).click();
      await page.waitForURL((url) => url.pathname === '/source-feed/source/cursor-blog');
      await page.getByRole('region', { name: 'Source health' }).waitFor();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
