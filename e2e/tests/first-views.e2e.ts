import { visitPage } from '../support/browser.js';
import { seededJourneys, seededSite } from '../support/journey.js';
import { readerFor, signUpReader, widths } from '../support/reader.js';
import { screenshot } from '../support/screenshots.js';

/**
 * First views of data (decision 0021, "Since (first views of data)"): a visitor who lands on a search or a topic page, or on the
 * landing page, gets its articles in the page the server answers, drawn before any script runs;
 * the remote then takes over with the same articles, which it does not ask the server for again,
 * and works as always. Nothing on such a page calls the API, so its HTTP client (axios, in a chunk
 * of its own) loads with the first call the reader's action makes. A signed-in reader's home comes
 * the same way, drawn for them with their topics and feed, and is kept by no cache.
 */

const JOURNEY_TIMEOUT_MS = 90_000;
const SEARCH = '/search?searchQuery=kubernetes';
const TOPIC = `/topic/${encodeURIComponent('Programming Languages')}`;

const seeded = seededSite();

describe.each(widths)('first views of data at $name width', ({ name: width, viewport }) => {
  const journey = seededJourneys(seeded, viewport);
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
      const httpClientLoads: string[] = [];
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (path === '/api/search' || path === '/api/search_for_discover_feed')
          feedCalls.push(path);
        if (/\/http-client\.\w+\.js$/.test(path)) httpClientLoads.push(path);
      });
      await visitPage(page, `${site.url}${SEARCH}`);
      const cards = page.getByRole('article');
      await cards.first().waitFor();
      expect(await cards.first().getByRole('heading').innerText()).toBe(firstTitle);
      expect(feedCalls).toEqual([]);
      expect(httpClientLoads).toEqual([]);
      await shot('01-search');

      // The remote's page works: a genre pill asks for its feed, through the HTTP client its
      // call loads, and more like this opens.
      const genreFeed = page.waitForResponse((response) => response.url().endsWith('/api/search'));
      await page
        .getByRole('group', { name: 'Kind of post' })
        .getByRole('button', { name: 'Tutorials' })
        .click();
      expect((await genreFeed).status()).toBe(200);
      expect(feedCalls).toEqual(['/api/search']);
      expect(httpClientLoads).toHaveLength(1);
      await page.goBack();
      await cards.first().getByRole('link', { name: 'More like this' }).click();
      await page.waitForURL((url) => url.pathname === '/more-like-this');
      await page.getByRole('article').nth(1).waitFor();

      await visitPage(page, `${site.url}${TOPIC}`);
      await page.getByRole('heading', { name: 'Topics / Programming Languages' }).waitFor();
      await page.getByRole('article').first().waitFor();
      expect(feedCalls).toEqual(['/api/search']);
      await shot('02-topic');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    "a signed-in reader's home comes with their topics and articles: no session, topics, feed calls in turn",
    async () => {
      const { browser, page, site } = journey;
      await signUpReader(page, site.url, readerFor('first-view-home', width), [
        'Programming Languages',
      ]);
      await page.getByRole('article').first().waitFor();
      const topicPill = (scope: typeof page | ReturnType<typeof page.locator>) =>
        scope
          .getByRole('group', { name: 'Topics' })
          .getByRole('button', { name: 'Programming Languages' });

      // Without scripts, with the reader's cookies: the page the server answers holds their home,
      // for them alone.
      const noScripts = await browser.newContext({ viewport, javaScriptEnabled: false });
      await noScripts.addCookies(await page.context().cookies());
      const still = await noScripts.newPage();
      const answer = await still.goto(`${site.url}/`);
      expect(answer?.headers()['cache-control']).toBe('private, no-store');
      const drawn = still.locator('[data-first-view="home"]');
      await topicPill(drawn).waitFor();
      const firstTitle = await drawn.getByRole('article').first().getByRole('heading').innerText();
      await noScripts.close();

      // With scripts: the same first article, and neither the topics nor the feed asked for.
      const apiCalls: string[] = [];
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (path.startsWith('/api/')) apiCalls.push(path);
      });
      await page.reload();
      const cards = page.getByRole('article');
      await cards.first().waitFor();
      expect(await cards.first().getByRole('heading').innerText()).toBe(firstTitle);
      await topicPill(page).waitFor();
      await page.waitForLoadState('networkidle');
      expect(apiCalls).not.toContain('/api/get_user_topics');
      expect(apiCalls).not.toContain('/api/discover_feed');
      await shot('04-reader-home');

      // The remote's page works: a topic pill asks for its feed.
      const topicFeed = page.waitForResponse((response) =>
        response.url().includes('/api/discover_feed/'),
      );
      await topicPill(page).click();
      expect((await topicFeed).status()).toBe(200);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'the landing page comes with its demo cards, which the remote takes over without asking again',
    async () => {
      const { browser, page, site } = journey;

      const noScripts = await browser.newContext({ viewport, javaScriptEnabled: false });
      const still = await noScripts.newPage();
      await still.goto(`${site.url}/`);
      const drawn = still.locator('[data-first-view="landing"]');
      await drawn.getByRole('region', { name: 'Try it' }).waitFor();
      const demoTitle = await drawn
        .getByRole('region', { name: 'Try it' })
        .getByRole('article')
        .first()
        .getByRole('heading')
        .innerText();
      await noScripts.close();

      const demoCalls: string[] = [];
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (path === '/api/dig_deeper_article' || /\/http-client\.\w+\.js$/.test(path))
          demoCalls.push(path);
      });
      await visitPage(page, `${site.url}/`);
      const demo = page.getByRole('region', { name: 'Try it' });
      expect(await demo.getByRole('article').first().getByRole('heading').innerText()).toBe(
        demoTitle,
      );
      await page.waitForLoadState('networkidle');
      expect(demoCalls).toEqual([]);
      await shot('03-landing');

      await demo.getByRole('link', { name: 'Find similar ones' }).click();
      await page.waitForURL((url) => url.pathname === '/more-like-this');
      await page.getByRole('article').nth(1).waitFor();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
