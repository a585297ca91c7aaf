import type { Page } from 'playwright-core';
import { seededJourneys, seededSite } from '../support/journey.js';
import { seriousViolationsInBothThemes } from '../support/a11y.js';
import { widths } from '../support/reader.js';
import { screenshot } from '../support/screenshots.js';
import { visitPage } from '../support/browser.js';

/**
 * One story across blogs over the crawled corpus (decision 0029): Anthropic's news page and the Claude
 * blog both published "Introducing Agent Skills". A visitor's search shows it once, saying where
 * else it ran with a link to that copy, and more like this never offers the other copy.
 */

const JOURNEY_TIMEOUT_MS = 90_000;
const STORY = 'Introducing Agent Skills';
const BLOGS = ['Anthropic News', 'Claude Blog'];

/** The cards titled STORY, and for each its blog and the blogs it is "also on". */
async function storyCards(page: Page) {
  const cards = page.getByRole('article', { name: STORY, exact: true });
  await cards.first().waitFor();
  return Promise.all(
    (await cards.all()).map(async (card) => {
      const blogLinks = card.getByRole('link', { name: new RegExp(BLOGS.join('|')) });
      const alsoOn = card.getByText(/^Also on:/);
      const copies = alsoOn.getByRole('link');
      return {
        blogs: await blogLinks.allInnerTexts(),
        alsoOn: await copies.allInnerTexts(),
        copyLinks: await Promise.all(
          (await copies.all()).map(async (link) => ({
            href: await link.getAttribute('href'),
            target: await link.getAttribute('target'),
          })),
        ),
      };
    }),
  );
}

const seeded = seededSite();

describe.each(widths)('one story across blogs at $name width', ({ name: width, viewport }) => {
  const journey = seededJourneys(seeded, viewport);
  const shot = (step: string) => screenshot(journey.page, `stories-${width}-${step}`);

  it(
    'a search shows the story once with a link to the other blog’s copy, and more like this leaves the copy out',
    async () => {
      const { page, site } = journey;
      await visitPage(page, `${site.url}/search?searchQuery=${encodeURIComponent('agent skills')}`);
      const [card, ...more] = await storyCards(page);
      expect(more).toEqual([]);
      // The card's own blog and the one it is also on are the two blogs, once each.
      expect(card!.alsoOn).toHaveLength(1);
      const shownBlog = BLOGS.find((blog) => !card!.alsoOn.includes(blog))!;
      expect(card!.blogs).toContain(shownBlog);
      expect(card!.copyLinks).toEqual([
        {
          href: expect.stringMatching(/^https:\/\/(claude\.com|www\.anthropic\.com)\//),
          target: '_blank',
        },
      ]);
      expect(await seriousViolationsInBothThemes(page, 'search, one story', 'main')).toEqual([]);
      await shot('01-search');

      // More like this starts from the story and never offers its other copy as similar.
      await page
        .getByRole('article', { name: STORY, exact: true })
        .getByRole('link', { name: 'More like this' })
        .click();
      await page.waitForURL(/\/more-like-this\?articleId=\d+/);
      // The search page's cards can outlive the new URL for a moment: wait for the new page itself.
      await page.getByRole('heading', { name: 'More like this', level: 1 }).waitFor();
      const [seed, ...copies] = await storyCards(page);
      expect(copies).toEqual([]);
      expect(seed!.alsoOn).toEqual(card!.alsoOn);
      await page.getByRole('article').nth(3).waitFor();
      await shot('02-more-like-this');
    },
    JOURNEY_TIMEOUT_MS,
  );
});
