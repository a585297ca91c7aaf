import { visitPage } from '../support/browser.js';
import {
  card,
  closeDrawer,
  openDrawer,
  readerFor,
  searchFromTopBar,
  signIn,
  widths,
} from '../support/reader.js';
import { seededJourneys, seededSite } from '../support/journey.js';
import { screenshot } from '../support/screenshots.js';

/**
 * mfe-feed over the crawled corpus (spec §2): search, more-like-this, bookmarks, collections,
 * summaries, topic pages and infinite scroll, as a visitor and as a signed-in reader.
 */

const JOURNEY_TIMEOUT_MS = 120_000;
/** The brand accent (spec §9: red) that outlines the highlighted more-like-this card. */
const ACCENT = 'rgb(211, 47, 47)';

const seeded = seededSite();

describe.each(widths)('mfe-feed journeys at $name width', ({ name: width, viewport }) => {
  const reader = readerFor('feed', width, 'Grace');
  const journey = seededJourneys(seeded, viewport, {
    signUp: { reader, topics: ['Programming Languages', 'AI & Machine Learning'] },
  });
  const shot = (step: string) => screenshot(journey.page, `feed-${width}-${step}`);

  it(
    'a visitor searches, then opens more like this with the chosen article first and highlighted',
    async () => {
      const { page, site } = journey;
      await page.goto(`${site.url}/about/about`);
      await searchFromTopBar(page, width, 'rust compiler');
      expect(new URL(page.url()).searchParams.get('searchQuery')).toBe('rust compiler');
      const first = page.getByRole('article').first();
      await first.waitFor();
      const title = await first.locator('h3').innerText();
      await shot('01-search');

      await first.getByRole('link', { name: 'More like this' }).click();
      await page.getByRole('heading', { name: 'More like this', level: 1 }).waitFor();
      const cards = page.getByRole('article');
      await cards.nth(1).waitFor();
      expect(await cards.first().locator('h3').innerText()).toBe(title);
      const borders = await cards.evaluateAll((elements) =>
        elements.slice(0, 2).map((element) => getComputedStyle(element).borderTopColor),
      );
      expect(borders[0]).toBe(ACCENT);
      expect(borders[1]).not.toBe(ACCENT);
      await shot('02-more-like-this');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'a visitor reads a topic page and follows a blog it recommends to its source feed',
    async () => {
      const { page, site } = journey;
      await visitPage(page, `${site.url}/topic/Security`);
      await page.getByRole('heading', { name: 'Topics / Security' }).waitFor();
      expect(await page.title()).toMatch(/^Security Blogs\b/);
      await page.getByRole('heading', { name: 'Discover the best Security blogs' }).waitFor();
      await page.getByRole('article').first().waitFor();
      const toFollow = page.getByRole('region', { name: 'Security blogs to follow' });
      await toFollow.getByRole('link', { name: 'AISI Blog' }).waitFor();
      expect(await toFollow.getByRole('link').count()).toBeGreaterThanOrEqual(3);
      await shot('03-topic');

      await toFollow.getByRole('link', { name: 'Frama-C' }).click();
      await page.waitForURL((url) => url.pathname === '/source-feed/source/frama-c');
      await page.getByRole('heading', { name: /Blog Posts by\s*Frama-C/ }).waitFor();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'a reader bookmarks an article from home, finds it in Bookmarks and removes it there',
    async () => {
      const { page, site } = journey;
      await signIn(page, site.url, reader);
      const first = page.getByRole('article').first();
      await first.waitFor();
      const title = await first.locator('h3').innerText();
      await first.getByRole('button', { name: 'Bookmark', exact: true }).click();
      await page.getByText('Added to bookmarks.', { exact: true }).waitFor();
      await card(page, title).getByRole('button', { name: 'Remove bookmark' }).waitFor();

      const drawer = await openDrawer(page, width);
      await drawer.getByRole('link', { name: 'Bookmarks' }).click();
      await page.getByRole('heading', { name: 'Bookmarks', level: 1 }).waitFor();
      const bookmarked = card(page, title);
      await bookmarked.waitFor();
      expect(await page.getByRole('article').count()).toBe(1);
      await shot('04-bookmarks');

      await bookmarked.getByRole('button', { name: 'Remove bookmark' }).click();
      await page.getByText('Removed bookmark.', { exact: true }).waitFor();
      await bookmarked.waitFor({ state: 'detached' });
      await page.getByText('Nothing here yet.').waitFor();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    "a reader makes a collection from a card's dialog, sees it in the drawer, renames and deletes it",
    async () => {
      const { page, site } = journey;
      await signIn(page, site.url, reader);
      const first = page.getByRole('article').first();
      await first.waitFor();
      const title = await first.locator('h3').innerText();
      await first.getByRole('button', { name: 'Add to collection' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add to collection' });
      await dialog.getByRole('button', { name: 'New collection' }).click();
      const form = page.getByRole('dialog', { name: 'New collection' });
      await form.getByRole('button', { name: 'Create' }).click();
      await form.getByText('Required').waitFor();
      await form.getByLabel('Collection name').fill(`Compilers ${width}`);
      await form.getByLabel('Collection name').press('Enter');
      // A collection made from an article's dialog starts with that article in it.
      await page.getByText('Added to collection', { exact: true }).waitFor();
      await dialog.getByRole('checkbox', { name: `Compilers ${width}`, checked: true }).waitFor();
      await shot('05-collection-dialog');
      await dialog.getByRole('button', { name: 'Close dialog' }).click();
      await dialog.waitFor({ state: 'detached' });

      const drawer = await openDrawer(page, width);
      await drawer.getByRole('link', { name: `Compilers ${width}` }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/collection/'));
      await page.getByRole('heading', { name: 'Collection', level: 1 }).waitFor();
      await page.getByRole('heading', { name: `Compilers ${width}` }).waitFor();
      await card(page, title).waitFor();

      await page.getByRole('button', { name: 'Collection menu' }).click();
      await page.getByRole('menuitem', { name: 'Rename' }).click();
      const rename = page.getByRole('dialog', { name: 'Rename collection' });
      const newName = rename.getByLabel('New collection name');
      expect(await newName.evaluate((element) => element === document.activeElement)).toBe(true);
      await newName.fill(`Type systems ${width}`);
      await newName.press('Enter');
      await rename.waitFor({ state: 'detached' });
      await page.getByRole('heading', { name: `Type systems ${width}` }).waitFor();
      await (
        await openDrawer(page, width)
      )
        .getByRole('link', { name: `Type systems ${width}` })
        .waitFor();
      await closeDrawer(page, width);
      await shot('06-collection-renamed');

      await page.getByRole('button', { name: 'Collection menu' }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete collection' });
      await confirm.getByText('Warning: This cannot be undone!').waitFor();
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      const after = await openDrawer(page, width);
      await after.getByRole('link', { name: 'Bookmarks' }).waitFor();
      expect(await after.getByRole('link', { name: `Type systems ${width}` }).count()).toBe(0);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'a reader opens the summary of a card: bullet points and key concepts that search the site',
    async () => {
      const { page, site } = journey;
      await signIn(page, site.url, reader);
      const first = page.getByRole('article').first();
      await first.waitFor();
      await first.getByRole('button', { name: 'Summary' }).click();
      const bullets = first.getByRole('list', { name: 'Summary' });
      await bullets.waitFor({ timeout: 15_000 });
      expect(await bullets.getByRole('listitem').count()).toBeGreaterThan(0);
      const concepts = first.getByRole('list', { name: 'Key concepts' });
      const concept = concepts.getByRole('link').first();
      const conceptName = await concept.innerText();
      expect(await concept.getAttribute('href')).toBe(
        `/search?${new URLSearchParams({ searchQuery: conceptName }).toString()}`,
      );
      await shot('07-summary');
      await first.getByRole('button', { name: 'Summary' }).click();
      await bullets.waitFor({ state: 'detached' });
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'scrolls a small source feed page by page until "You\'ve reached the end"',
    async () => {
      const { page, site } = journey;
      // Anthropic Engineering Blog: 25 crawled articles, three pages of 12.
      await page.goto(`${site.url}/source-feed/source/anthropic-engineering-blog`);
      await page
        .getByRole('heading', { name: /Blog Posts by\s*Anthropic Engineering Blog/ })
        .waitFor();
      const cards = page.getByRole('article');
      await cards.nth(11).waitFor();
      expect(await cards.count()).toBe(12);
      const footer = page.getByRole('status').filter({ hasText: /articles|end|Nothing/ });
      expect(await footer.innerText()).toBe('Loading more articles...');
      for (let scrolls = 0; scrolls < 10; scrolls += 1) {
        if ((await footer.innerText()) === "You've reached the end") break;
        await footer.scrollIntoViewIfNeeded();
        await page.mouse.wheel(0, 2000);
        await page.waitForTimeout(400);
      }
      expect(await footer.innerText()).toBe("You've reached the end");
      expect(await cards.count()).toBe(25);
      await shot('08-feed-end');
    },
    JOURNEY_TIMEOUT_MS,
  );
});
