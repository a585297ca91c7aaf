import { seriousViolationsInBothThemes } from '../support/a11y.js';
import { visitPage } from '../support/browser.js';
import { seededJourneys, seededSite } from '../support/journey.js';
import { closeDrawer, openDrawer, readerFor, signIn, widths } from '../support/reader.js';
import { screenshot } from '../support/screenshots.js';
import { crawlFreshPosts } from '../support/seed.js';

/**
 * Saved searches that watch (docs/decisions/0040-saved-searches.md) over the crawled corpus: a
 * reader saves a search under a name, the drawer lists it, a crawl that stores a new match makes
 * its count 1, and opening it from the drawer clears the count.
 */

/** Signing in, a crawl of every source and the pages between them. */
const JOURNEY_TIMEOUT_MS = 180_000;

const seeded = seededSite();

describe.each(widths)('saved searches at $name width', ({ name: width, viewport }) => {
  const reader = readerFor('saved-searches', width, 'Grace');
  const journey = seededJourneys(seeded, viewport, { signUp: { reader } });
  const name = `Rust compiler ${width}`;
  const fresh = {
    title: `What the Rust compiler team did this week (${width})`,
    link: `https://blog.rust-lang.org/inside-rust/compiler-team-${width}`,
    description: 'The Rust compiler changes of the week, and why.',
  };
  const shot = (step: string) => screenshot(journey.page, `saved-searches-${width}-${step}`);

  it(
    'a reader saves a search, and the drawer counts its new match until it is opened',
    async () => {
      const { page, site } = journey;
      await signIn(page, site.url, reader);
      await visitPage(page, `${site.url}/search?searchQuery=rust+compiler`);
      await page.getByRole('article').first().waitFor();
      await page.getByRole('button', { name: 'Save this search' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save this search' });
      await dialog.getByLabel('Name').fill(name);
      await dialog.getByLabel('Name').press('Enter');
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('heading', { name: `Saved search: ${name}` }).waitFor();
      const drawer = await openDrawer(page, width);
      await drawer.getByRole('link', { name, exact: true }).waitFor();
      expect(await seriousViolationsInBothThemes(page, 'search, saved', 'main')).toEqual([]);
      await shot('01-saved');

      // The Rust blog publishes one article the search matches.
      expect(await crawlFreshPosts(site, { 'inside-rust': fresh })).toMatch(/\b1 new articles?\b/);
      await visitPage(page, site.url);
      const counted = (await openDrawer(page, width)).getByRole('link', {
        name: `${name}, 1 new`,
      });
      // The desktop rail shows names and counts while pointed at.
      await counted.hover();
      expect(
        await seriousViolationsInBothThemes(
          page,
          'drawer, a new match',
          'nav[aria-label="Main navigation"]',
        ),
      ).toEqual([]);
      await shot('02-one-new');

      await counted.click();
      await page.waitForURL((url) => url.searchParams.get('searchQuery') === 'rust compiler');
      await page.getByRole('article', { name: fresh.title }).waitFor();
      await (await openDrawer(page, width)).getByRole('link', { name, exact: true }).waitFor();
      await shot('03-opened');
      await closeDrawer(page, width);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
