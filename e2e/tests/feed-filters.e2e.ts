import type { Locator, Page } from 'playwright-core';
import { seededJourneys, seededSite } from '../support/journey.js';
import { seriousViolationsInBothThemes } from '../support/a11y.js';
import { widths } from '../support/reader.js';
import { screenshot } from '../support/screenshots.js';
import { crawlFreshPosts, SEEDING_TIMEOUT_MS } from '../support/seed.js';
import { visitPage } from '../support/browser.js';

/**
 * Feed filters over the crawled corpus (decision 0034): a visitor narrows a search to the past
 * week, where only what a blog just published is left, lifts it, then keeps one blog with a
 * card's "Only <source>", shown as a chip that lifts it. The address keeps each choice.
 */

const JOURNEY_TIMEOUT_MS = 120_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What the cards of the feed's settled page say: publishing time and blog, one per card. */
async function cardsShown(page: Page): Promise<{ published: string; blog: string }[]> {
  const cards = page.locator('section[aria-busy="false"]').getByRole('article');
  await cards.first().waitFor();
  return Promise.all(
    (await cards.all()).map(async (card: Locator) => ({
      published: (await card.locator('time').first().getAttribute('datetime')) ?? '',
      blog: (await card.getByRole('button', { name: /^Only / }).getAttribute('aria-label')) ?? '',
    })),
  );
}

/** Waits until the feed shows `count` cards again (a lifted filter's feed comes from the cache). */
async function cardsAgain(page: Page, count: number): Promise<number> {
  const cards = page.locator('section[aria-busy="false"]').getByRole('article');
  await cards.nth(count - 1).waitFor();
  return cards.count();
}

/** Clicks `control` and waits for the feed's first page asked for with `field` in its body. */
async function narrowWith(page: Page, control: Locator, field: string): Promise<void> {
  const narrowed = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/search') &&
      (response.request().postData()?.includes(`"${field}":`) ?? false),
  );
  await control.click();
  await narrowed;
  await page.waitForURL((url) => url.searchParams.has(field));
}

const seeded = seededSite();

describe.each(widths)('feed filters at $name width', ({ name: width, viewport }) => {
  const journey = seededJourneys(seeded, viewport);
  const fresh = {
    title: `Rust compiler notes from this week (${width})`,
    link: `https://blog.rust-lang.org/inside-rust/compiler-notes-${width}`,
    description: 'What the Rust compiler team changed this week, and why.',
  };
  const shot = (step: string) => screenshot(journey.page, `feed-filters-${width}-${step}`);

  beforeAll(async () => {
    // A Rust blog publishes today; the rest of the corpus is older than a week.
    expect(await crawlFreshPosts(journey.site, { 'inside-rust': fresh })).toMatch(
      /\b1 new articles?\b/,
    );
  }, SEEDING_TIMEOUT_MS);

  it(
    'a visitor keeps the past week of a search, then one blog, and lifts each',
    async () => {
      const { page, site } = journey;
      await visitPage(page, `${site.url}/search?searchQuery=rust`);
      const published = page.getByRole('group', { name: 'Published' });
      await published.getByRole('button', { name: 'Any time', pressed: true }).waitFor();
      const everything = await cardsShown(page);
      await shot('01-search');

      await narrowWith(page, published.getByRole('button', { name: 'Past week' }), 'from');
      await published.getByRole('button', { name: 'Past week', pressed: true }).waitFor();
      const pastWeek = await cardsShown(page);
      const weekAgo = Date.now() - 8 * DAY_MS;
      expect(pastWeek.length).toBeGreaterThan(0);
      expect(pastWeek.length).toBeLessThan(everything.length);
      expect(pastWeek.every((card) => Date.parse(card.published) >= weekAgo)).toBe(true);
      await page.getByRole('article', { name: fresh.title }).waitFor();
      expect(await seriousViolationsInBothThemes(page, 'search, past week', 'main')).toEqual([]);
      await shot('02-past-week');

      // Any time lifts the range, and the address no longer holds it.
      await published.getByRole('button', { name: 'Any time' }).click();
      await page.waitForURL((url) => !url.searchParams.has('from'));
      expect(await cardsAgain(page, everything.length)).toBe(everything.length);

      // One blog: the blog of the first card, in a search that shows several.
      expect(new Set(everything.map((card) => card.blog)).size).toBeGreaterThan(1);
      const only = page
        .getByRole('article')
        .first()
        .getByRole('button', { name: /^Only / });
      const blog = (await only.getAttribute('aria-label'))!;
      await narrowWith(page, only, 'source');
      const oneBlog = await cardsShown(page);
      expect(oneBlog.length).toBeGreaterThan(0);
      expect(oneBlog.every((card) => card.blog === blog)).toBe(true);
      const chip = page
        .getByRole('group', { name: 'Blog' })
        .getByRole('button', { name: `${blog}: show every blog` });
      await chip.waitFor();
      await shot('03-one-blog');

      await chip.click();
      await page.waitForURL((url) => !url.searchParams.has('source'));
      expect(await cardsAgain(page, everything.length)).toBe(everything.length);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
