import type { BrowserContext, Page } from 'playwright-core';
import { formatViolations, seriousViolations } from '../support/a11y.js';
import { keepOffline, visitPage } from '../support/browser.js';
import { withRawSql } from '../support/raw-sql.js';
import { accountMenuButton, card, readerFor, signUpReader, widths } from '../support/reader.js';
import { screenshot } from '../support/screenshots.js';
import { seededSite } from '../support/journey.js';

/**
 * Installable (decision 0028): the page links its web app manifest, the service worker
 * takes over after the first load, and a reader who loses the network and reloads the topic page
 * they read still gets the shell and that feed page, with the offline banner; a signed-in reader
 * gets their own home feed and topics, still signed in, though their home came drawn with the page
 * and asked for neither (decision 0035). A search offline says it needs a connection. Once
 * that reader's session ended elsewhere, the next person on the browser gets nothing of theirs
 * offline, and no page or answer marked `no-store` (a password reset page, its token in the
 * path) is ever saved.
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

/** Every request the service worker saved, with the `Cache-Control` it was answered with. */
function savedAnswers(page: Page): Promise<{ url: string; cacheControl: string | null }[]> {
  return page.evaluate(async () => {
    const saved = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const answer = await cache.match(request);
        saved.push({
          url: request.url,
          cacheControl: answer?.headers.get('cache-control') ?? null,
        });
      }
    }
    return saved;
  });
}

const savedPaths = async (page: Page) =>
  (await savedAnswers(page)).map(({ url }) => new URL(url).pathname);

const JOURNEY_TIMEOUT_MS = 90_000;
/** A journey that signs a reader up (the captcha's proof of work) and reads several pages. */
const SIGN_UP_JOURNEY_TIMEOUT_MS = 150_000;

const seeded = seededSite();

describe.each(widths)('offline at $name width', ({ name: width, viewport }) => {
  let context: BrowserContext;
  let page: Page;
  let pageErrors: string[];
  const shot = (step: string) => screenshot(page, `offline-${width}-${step}`);

  beforeEach(async () => {
    context = await seeded.browser.newContext({ viewport });
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
      await visitPage(page, `${seeded.site.url}/topic/Security`);
      const manifest = await page.locator('link[rel="manifest"]').getAttribute('href');
      const manifestAnswer = await page.request.get(`${seeded.site.url}${manifest}`);
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
      await page.emulateMedia({ colorScheme: null });

      // A search needs the network: offline it says so, not that nothing matched.
      if (width === 'mobile') await page.getByRole('button', { name: 'Show search' }).click();
      const searchBox = page.getByRole('search').getByRole('searchbox');
      await searchBox.fill('consensus');
      await searchBox.press('Enter');
      await page
        .getByText('Search needs a connection. Try again once you are back online.')
        .waitFor();
      expect(await page.getByText('Nothing here yet.').count()).toBe(0);
      await shot('05-offline-search');

      // Back online, the next load is fresh: the banner goes.
      await context.setOffline(false);
      await page.goto(`${seeded.site.url}/topic/Security`);
      await page.getByRole('article', { name: title, exact: true }).waitFor();
      await banner.waitFor({ state: 'detached' });
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'a signed-in reader reloading their home feed offline is still signed in',
    async () => {
      const reader = readerFor('offline', width);
      await signUpReader(page, seeded.site.url, reader);
      await controlledByServiceWorker(page);
      // Their home comes drawn with the page, which no cache keeps (decision 0035).
      const home = await page.reload();
      expect(home?.headers()['cache-control']).toBe('private, no-store');
      const firstCard = page.getByRole('article').first();
      await firstCard.waitFor();
      const title = (await firstCard.locator('h3').innerText()).trim();

      await context.setOffline(true);
      await page.reload();
      await page.getByRole('status').filter({ hasText: 'You are offline' }).waitFor();
      await accountMenuButton(page, reader.name).waitFor();
      await page.getByRole('article', { name: title, exact: true }).waitFor();
      await page
        .getByRole('group', { name: 'Topics' })
        .getByRole('button', { name: 'Programming Languages' })
        .waitFor();
      expect(await page.getByRole('button', { name: 'Sign In' }).count()).toBe(0);
      await shot('03-offline-signed-in');
      await context.setOffline(false);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    "a reader's session ended elsewhere: offline, the next person gets neither their name nor their bookmarks",
    async () => {
      const reader = readerFor('offline-ended', width, 'Grace');
      await signUpReader(page, seeded.site.url, reader);
      await controlledByServiceWorker(page);
      await page.reload();
      const firstCard = page.getByRole('article').first();
      const title = (await firstCard.locator('h3').innerText()).trim();
      await firstCard.getByRole('button', { name: 'Bookmark', exact: true }).click();
      await page.getByText('Added to bookmarks.', { exact: true }).waitFor();
      await page.goto(`${seeded.site.url}/my-bookmarks`);
      await card(page, title).waitFor();
      expect(await savedPaths(page)).toEqual(
        expect.arrayContaining(['/api/check_logged_in', '/api/bookmarks_feed']),
      );

      // Every session of the reader ends elsewhere (as a password reset or sign-out everywhere
      // would); the next live session check, on the landing page, answers as for a visitor.
      await withRawSql(seeded.site.dataDir, (query) =>
        query('DELETE FROM sessions WHERE user_id = (SELECT user_id FROM users WHERE email = $1)', [
          reader.email,
        ]),
      );
      await visitPage(page, seeded.site.url);
      await page.getByRole('button', { name: 'Start Reading' }).first().waitFor();
      // A visitor's password reset page: the shell page, a token in its path, `no-store`.
      const resetPage = await page.goto(`${seeded.site.url}/reset-password/an-emailed-token`);
      expect(resetPage?.headers()['cache-control']).toBe('no-store');
      await page.getByLabel('New password', { exact: true }).waitFor();

      const saved = await savedAnswers(page);
      expect(await savedPaths(page)).not.toContain('/api/bookmarks_feed');
      expect(saved.filter(({ url }) => url.includes('reset-password'))).toEqual([]);
      expect(saved.filter(({ cacheControl }) => cacheControl?.includes('no-store'))).toEqual([]);

      await context.setOffline(true);
      await page.goto(`${seeded.site.url}/my-bookmarks`);
      // A visitor is asked to sign in: the dialog (its script saved when the worker installed)
      // hides the page behind it from assistive technology, so the banner is found by its text.
      await page.getByRole('dialog', { name: 'Sign in to Blogstream' }).waitFor();
      await page.getByText('You are offline: showing saved pages.').waitFor();
      // Counted behind the dialog too.
      const hidden = { includeHidden: true };
      const readersMenu = page.getByRole('button', {
        name: `Account menu for ${reader.name}`,
        ...hidden,
      });
      expect(await readersMenu.count()).toBe(0);
      expect(await page.getByRole('article', { name: title, ...hidden }).count()).toBe(0);
      expect(
        await page.getByRole('button', { name: 'Sign In', ...hidden }).count(),
      ).toBeGreaterThan(0);
      await shot('04-offline-after-session-ended');
      await context.setOffline(false);
    },
    SIGN_UP_JOURNEY_TIMEOUT_MS,
  );
});
