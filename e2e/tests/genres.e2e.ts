import type { Locator, Page } from 'playwright-core';
import { seededJourneys, seededSite } from '../support/journey.js';
import { seriousViolationsInBothThemes } from '../support/a11y.js';
import { widths } from '../support/reader.js';
import { screenshot } from '../support/screenshots.js';
import { visitPage } from '../support/browser.js';

/**
 * Genres over the crawled corpus (decision 0025): a visitor narrows a search and a topic page to one
 * kind of post with the genre pills; every card then names that kind, the address keeps the
 * choice and "Any kind" lifts it.
 */

const JOURNEY_TIMEOUT_MS = 90_000;

/**
 * Clicks a genre pill and reads, once that genre's first page has arrived and rendered, whether
 * each card names the kind (its tag in the card's line of source and date). Waiting for the URL
 * alone raced the feed's remount: the old cards could be seen and then gone while loading.
 */
async function cardKindsAfterPicking(
  page: Page,
  pill: Locator,
  genre: string,
  tag: string,
): Promise<boolean[]> {
  const genrePage = page.waitForResponse(
    (response) => response.request().postData()?.includes(`"genre":"${genre}"`) ?? false,
  );
  await pill.click();
  await genrePage;
  await page.waitForURL((url) => url.searchParams.get('genre') === genre);
  const cards = page.locator('section[aria-busy="false"]').getByRole('article');
  await cards.first().waitFor();
  return Promise.all(
    (await cards.all()).map(async (card: Locator) =>
      (await card.innerText()).split('\n').some((line) => line.includes(tag)),
    ),
  );
}

const seeded = seededSite();

describe.each(widths)('genre pills at $name width', ({ name: width, viewport }) => {
  const journey = seededJourneys(seeded, viewport);
  const shot = (step: string) => screenshot(journey.page, `genres-${width}-${step}`);

  it(
    'a visitor keeps only the releases of a search, then only the tutorials of a topic',
    async () => {
      const { page, site } = journey;
      await visitPage(page, `${site.url}/search?searchQuery=${encodeURIComponent('rust release')}`);
      const kinds = page.getByRole('group', { name: 'Kind of post' });
      await kinds.getByRole('button', { name: 'Any kind', pressed: true }).waitFor();
      await page.getByRole('article').first().waitFor();
      await shot('01-search');

      const releases = await cardKindsAfterPicking(
        page,
        kinds.getByRole('button', { name: 'Releases & news' }),
        'release',
        'Release',
      );
      await kinds.getByRole('button', { name: 'Releases & news', pressed: true }).waitFor();
      expect(releases.length).toBeGreaterThan(0);
      expect(releases.every(Boolean)).toBe(true);
      expect(await seriousViolationsInBothThemes(page, 'search, releases', 'main')).toEqual([]);
      await shot('02-search-releases');

      // Back lifts the filter: the address holds it.
      await page.goBack();
      await kinds.getByRole('button', { name: 'Any kind', pressed: true }).waitFor();

      await visitPage(page, `${site.url}/topic/${encodeURIComponent('Programming Languages')}`);
      await kinds.waitFor();
      const tutorials = await cardKindsAfterPicking(
        page,
        kinds.getByRole('button', { name: 'Tutorials' }),
        'tutorial',
        'Tutorial',
      );
      expect(tutorials.length).toBeGreaterThan(0);
      expect(tutorials.every(Boolean)).toBe(true);
      await shot('03-topic-tutorials');
    },
    JOURNEY_TIMEOUT_MS,
  );
});
