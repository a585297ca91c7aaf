import type { Browser, BrowserContext, Page } from 'playwright-core';
import { formatViolations, seriousViolations } from '../support/a11y.js';
import { keepOffline, launchBrowser, visitPage } from '../support/browser.js';
import { accountMenuButton, readerFor, signUpReader, widths } from '../support/reader.js';
import { screenshot } from '../support/screenshots.js';
import { SEEDING_TIMEOUT_MS, startSeededSite } from '../support/seed.js';
import type { RunningSite } from '../support/site.js';

/**
 * Installable (issue 18, decision 0028): the page links its web app manifest, the service worker
 * takes over after the first load, and a reader who loses the network and reloads the topic page
 * they read still gets the shell and that feed page, with the offline banner; a signed-in reader
 * gets their own home feed, still signed in.
 */

/** Waits until the service worker controls the page (it registers a few seconds after load). */
async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    }
  });
}

const JOURNEY_TIMEOUT_MS = 90_000;

describe.each(widths)('offline at $name width', ({ name: width, viewport }) => {
  let browser: Browser;
  let site: RunningSite;
  let context: BrowserContext;
  let page: Page;
  let pageErrors: string[];
  const shot = (step: string) => screenshot(page, `offline-${width}-${step}`);

  beforeAll(async () => {
    site = await startSeededSite();
    browser = await launchBrowser();
  }, SEEDING_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  beforeEach(async () => {
    context = await browser.newContext({ viewport });
    page = await context.newPage();
    await keepOffline(page);
    pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterEach(async () => {
    await context?.close();
    // Offline, failed requests are logged by the browser: only script errors count.
    expect(pageErrors).toEqual([]);
  });

  it(
    'the feed page read before going offline reloads offline, with the banner',
    async () => {
      await visitPage(page, `${site.url}/topic/Security`);
      const manifest = await page.locator('link[rel="manifest"]').getAttribute('href');
      const manifestAnswer = await page.request.get(`${site.url}${manifest}`);
      expect(manifestAnswer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
      expect(await manifestAnswer.json()).toMatchObject({ display: 'standalone', start_url: '/' });

      // The worker installs after the first load and takes the page over; the next load goes
      // through it, which saves the page, its scripts and its feed page.
      await controlledByServiceWorker(page);
      await page.reload();
      const firstCard = page.getByRole('article').first();
      await firstCard.waitFor();
      const title = (await firstCard.locator('h3').innerText()).trim();
      expect(await page.getByRole('status').filter({ hasText: 'offline' }).count()).toBe(0);

      await context.setOffline(true);
      await page.reload();
      const banner = page.getByRole('status').filter({ hasText: 'You are offline' });
      await banner.waitFor();
      await page.getByRole('article', { name: title, exact: true }).waitFor();
      await shot('01-offline-feed');
      expect(formatViolations('offline feed', await seriousViolations(page))).toEqual([]);
      await page.emulateMedia({ colorScheme: 'dark' });
      await shot('02-offline-feed-dark');
      expect(formatViolations('offline feed, dark', await seriousViolations(page))).toEqual([]);

      // Back online, the next load is fresh: the banner goes.
      await context.setOffline(false);
      await page.reload();
      await page.getByRole('article', { name: title, exact: true }).waitFor();
      await banner.waitFor({ state: 'detached' });
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'a signed-in reader reloading their home feed offline is still signed in',
    async () => {
      const reader = readerFor('offline', width);
      await signUpReader(page, site.url, reader);
      await controlledByServiceWorker(page);
      await page.reload();
      const firstCard = page.getByRole('article').first();
      await firstCard.waitFor();
      const title = (await firstCard.locator('h3').innerText()).trim();

      await context.setOffline(true);
      await page.reload();
      await page.getByRole('status').filter({ hasText: 'You are offline' }).waitFor();
      await accountMenuButton(page, reader.name).waitFor();
      await page.getByRole('article', { name: title, exact: true }).waitFor();
      expect(await page.getByRole('button', { name: 'Sign In' }).count()).toBe(0);
      await shot('03-offline-signed-in');
      await context.setOffline(false);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
