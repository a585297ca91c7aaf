import type { Locator, Page } from 'playwright-core';
import { seriousViolationsInBothThemes } from '../support/a11y.js';
import { visitPage, WITHOUT_SERVICE_WORKER } from '../support/browser.js';
import { seededJourneys, seededSite } from '../support/journey.js';
import {
  accountMenuButton,
  chooseFirstTopics,
  openDrawer,
  readerFor,
  signIn,
  signInWithEmail,
  signUpAndVerify,
  widths,
} from '../support/reader.js';
import { screenshot } from '../support/screenshots.js';

/**
 * What a reader sees at 1280 and 375 px over the crawled corpus: the top bar's controls on one
 * line and the search label whole, the phone's drawer over a dimmed page that a tap outside
 * closes, a source page that opens on its articles with the health folded away, an overview of
 * every source's health readable on a phone, a topic that does not exist said so, and the
 * e-mail-verified notice gone once the reader signs in.
 */

const JOURNEY_TIMEOUT_MS = 150_000;
const VERIFIED_NOTICE = 'Your e-mail is verified. Sign in to start reading.';

/** True when the element's text is laid out on one line (its text boxes share one top). */
async function onOneLine(element: Locator): Promise<boolean> {
  return element.evaluate((node) => {
    const tops = new Set<number>();
    const texts = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let text = texts.nextNode(); text; text = texts.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(text);
      for (const rect of Array.from(range.getClientRects())) tops.add(Math.round(rect.top));
    }
    return tops.size === 1;
  });
}

/** True when nothing on the page reaches past the right edge of the window. */
function fitsTheWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

const seeded = seededSite();

describe.each(widths)('page layout at $name width', ({ name: width, viewport }) => {
  const reader = readerFor('layout', width, 'Ada Lovelace of Byron');
  const journey = seededJourneys(seeded, viewport, {
    pageOptions: WITHOUT_SERVICE_WORKER,
    signUp: { reader },
  });
  const shot = (step: string) => screenshot(journey.page, `layout-${width}-${step}`);

  it(
    "the top bar keeps Sign In and a reader's long name on one line, and the search label whole",
    async () => {
      const { page, site } = journey;
      await visitPage(page, `${site.url}/topic/Security`);
      const signInButton = page.getByRole('button', { name: 'Sign In' });
      expect(await onOneLine(signInButton)).toBe(true);
      expect(await fitsTheWidth(page)).toBe(true);
      await shot('01-visitor-top-bar');

      await signIn(page, site.url, reader);
      const account = accountMenuButton(page, reader.name);
      expect(await onOneLine(account)).toBe(true);
      const box = (await account.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      if (width === 'desktop') {
        const search = page.getByRole('searchbox', {
          name: 'Search for topics, companies, technologies',
        });
        const labelFits = await search.evaluate((node) => {
          const input = node as HTMLInputElement;
          const style = getComputedStyle(input);
          const context = document.createElement('canvas').getContext('2d')!;
          context.font = style.font;
          const room =
            input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          return context.measureText(input.placeholder).width <= room;
        });
        expect(labelFits).toBe(true);
      }
      await shot('02-reader-top-bar');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'the drawer on a phone dims the page under it, and a tap outside closes it',
    async () => {
      if (width === 'desktop') return; // the desktop drawer is a permanent rail
      const { page, site } = journey;
      await signIn(page, site.url, reader);
      await page.getByRole('article').first().waitFor();
      const drawer = await openDrawer(page, width);
      const backdrop = page.getByTestId('drawer-backdrop');
      await backdrop.waitFor();
      await shot('03-drawer-open');
      expect(await seriousViolationsInBothThemes(page, 'open drawer')).toEqual([]);

      // A tap on the dimmed page, right of the drawer's 250 px.
      await page.mouse.click(viewport.width - 40, viewport.height / 2);
      await drawer.getByRole('link', { name: 'Home' }).waitFor({ state: 'hidden' });
      await backdrop.waitFor({ state: 'detached' });
      await shot('04-drawer-closed');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    "a source page opens on its articles, the source's health folded under one line",
    async () => {
      const { page, site } = journey;
      await visitPage(page, `${site.url}/source-feed/source/cursor-blog`);
      const health = page.getByRole('region', { name: 'Source health' });
      await health.waitFor();
      const firstCard = page.getByRole('article').first();
      await firstCard.waitFor();
      const cardTop = (await firstCard.boundingBox())!.y;
      expect(cardTop).toBeLessThan(viewport.height);
      expect(await health.getByRole('definition').first().isVisible()).toBe(false);
      await shot('05-source-page');

      await health.getByText('Source health', { exact: true }).click();
      await health.getByText('Posting frequency').waitFor();
      const feedUrl = health.getByRole('definition').filter({ has: page.getByRole('link') });
      expect(await onOneLine(feedUrl.getByRole('link'))).toBe(true);
      expect(await fitsTheWidth(page)).toBe(true);
      await shot('06-source-health-open');
      expect(await seriousViolationsInBothThemes(page, 'source page')).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    "every source's health reads on the page's width",
    async () => {
      const { page, site } = journey;
      await visitPage(page, `${site.url}/sources/health`);
      const table = page.getByRole('table', { name: 'Health of each source' });
      await table.getByRole('row').nth(1).waitFor();
      expect(await fitsTheWidth(page)).toBe(true);
      const firstSource = table.getByRole('row').nth(1);
      const rowBox = (await firstSource.boundingBox())!;
      expect(rowBox.x + rowBox.width).toBeLessThanOrEqual(viewport.width);
      await shot('07-sources-health');
      expect(await seriousViolationsInBothThemes(page, 'sources health')).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'a topic the site does not have is said not to exist, with no digest offered',
    async () => {
      const { page, site } = journey;
      await visitPage(page, `${site.url}/topic/Basket%20weaving`);
      await page.getByRole('heading', { name: 'Topic not found', level: 1 }).waitFor();
      expect(await page.getByRole('heading', { name: 'Weekly digest' }).count()).toBe(0);
      expect(await page.getByRole('article').count()).toBe(0);
      await page.getByRole('link', { name: 'Security', exact: true }).waitFor();
      await shot('08-unknown-topic');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'the e-mail-verified notice goes once the new reader signs in, leaving Get started! clear',
    async () => {
      const { page, site } = journey;
      const newReader = readerFor('layout-new', width, 'Grace');
      await signUpAndVerify(page, site.url, newReader);
      const notice = page.getByText(VERIFIED_NOTICE, { exact: true });
      await notice.waitFor();
      await signInWithEmail(page, newReader.email, newReader.password);
      const topics = page.getByRole('dialog', { name: 'Welcome to Blogstream!' });
      await topics.waitFor();
      // Well within the notice's 6 seconds: it went because the reader signed in.
      expect(await notice.count()).toBe(0);
      await shot('09-topics-after-sign-in');
      await chooseFirstTopics(page, ['Programming Languages']);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
