import { seededJourneys } from '../support/journey.js';
import { widths } from '../support/reader.js';
import { screenshot } from '../support/screenshots.js';

/**
 * First views of data (issue 20): a visitor who lands on a search or a topic page gets its
 * articles in the page the server answers, drawn before any script runs; the remote then takes
 * over with the same articles, which it does not ask the server for again, and works as always.
 */

const JOURNEY_TIMEOUT_MS = 90_000;
const SEARCH = '/search?searchQuery=kubernetes';
const TOPIC = `/topic/${encodeURIComponent('Programming Languages')}`;

describe.each(widths)('first views of data at $name width', ({ name: width, viewport }) => {
  const journey = seededJourneys(viewport);
  const shot = (step: string) => screenshot(journey.page, `first-views-${width}-${step}`);

  it(
    "a search's and a topic's articles come with the page, and the remote takes them over without asking again",
    async () => {
      const { browser, page, site } = journey;

      // Without scripts: the page the server answers already lists the articles, inert.
      const noScripts = await browser.newContext({ viewport, javaScriptEnabled: false });
      const still = await noScripts.newPage();
      await still.goto(`${site.url}${SEARCH}`);
      const drawn = still.locator('[data-first-view="search"]').getByRole('article');
      expect(await drawn.count()).toBeGreaterThan(0);
      const firstTitle = await drawn.first().getByRole('heading').innerText();
      expect(await still.locator('[data-first-view="search"]').getAttribute('inert')).toBe('');
      await still.goto(`${site.url}${TOPIC}`);
      await still.getByRole('heading', { name: 'Topics / Programming Languages' }).waitFor();
      expect(await still.getByRole('article').count()).toBeGreaterThan(0);
      await noScripts.close();

      // With scripts: the same first article, and the feed's first page is never asked for.
      const feedCalls: string[] = [];
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (path === '/api/search' || path === '/api/search_for_discover_feed')
          feedCalls.push(path);
      });
      await page.goto(`${site.url}${SEARCH}`);
      await page.locator('[data-first-view]').waitFor({ state: 'detached' });
      const cards = page.getByRole('article');
      await cards.first().waitFor();
      expect(await cards.first().getByRole('heading').innerText()).toBe(firstTitle);
      expect(feedCalls).toEqual([]);
      await shot('01-search');

      // The remote's page works: a genre pill asks for its feed, and more like this opens.
      const genreFeed = page.waitForRequest((request) => request.url().endsWith('/api/search'));
      await page
        .getByRole('group', { name: 'Kind of post' })
        .getByRole('button', { name: 'Tutorials' })
        .click();
      await genreFeed;
      expect(feedCalls).toEqual(['/api/search']);
      await page.goBack();
      await cards.first().getByRole('link', { name: 'More like this' }).click();
      await page.waitForURL((url) => url.pathname === '/more-like-this');
      await page.getByRole('article').nth(1).waitFor();

      await page.goto(`${site.url}${TOPIC}`);
      await page.locator('[data-first-view]').waitFor({ state: 'detached' });
      await page.getByRole('heading', { name: 'Topics / Programming Languages' }).waitFor();
      await page.getByRole('article').first().waitFor();
      expect(feedCalls).toEqual(['/api/search']);
      await shot('02-topic');
    },
    JOURNEY_TIMEOUT_MS,
  );
});
