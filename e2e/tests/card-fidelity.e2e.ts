import type { Page } from 'playwright-core';
import { keepOffline, type PageProblems, visitPage, watchForProblems } from '../support/browser.js';
import { card, widths } from '../support/reader.js';
import { screenshot } from '../support/screenshots.js';
import { seededSite } from '../support/journey.js';

/**
 * What a reader sees on the cards of the crawled corpus (decision 0014): titles as the blogs wrote
 * them, the source's name, a real date or none, a preview that is prose, and an image that
 * either shows or leaves no empty frame.
 */

const JOURNEY_TIMEOUT_MS = 90_000;
/** A title the Jane Street feed escapes twice ("&amp;mdash;"). */
const ESCAPED_TITLE = 'The Jane Street Interview Process — 2020 Edition';

interface CardFacts {
  title: string;
  source: string;
  dateTime: string | null;
  dateText: string | null;
  preview: string;
  brokenImages: number;
}

/** The facts of every card in view, as the page renders them. */
function cardFacts(page: Page): Promise<CardFacts[]> {
  return page.getByRole('article').evaluateAll((cards) =>
    cards.map((element) => {
      const time = element.querySelector('time');
      const images = Array.from(element.querySelectorAll('img')).filter(
        (image) => image.getClientRects().length > 0 && !image.src.includes('/static/logos/'),
      );
      return {
        title: element.querySelector('h3')?.textContent ?? '',
        source: element.querySelector('a[href^="/source-feed/"]')?.textContent ?? '',
        dateTime: time?.getAttribute('datetime') ?? null,
        dateText: time?.textContent ?? null,
        preview: element.querySelector('p')?.textContent ?? '',
        brokenImages: images.filter((image) => image.complete && image.naturalWidth === 0).length,
      };
    }),
  );
}

const LEFT_OVER_ENTITY_OR_CONTROL =
  // eslint-disable-next-line no-control-regex
  /&(#\d+|#x[0-9a-f]+|[a-z]+);|[\u0000-\u001f\u007f-\u009f\ufffd]/i;

function expectTrustworthy(cards: CardFacts[]) {
  expect(cards.length).toBeGreaterThan(0);
  for (const facts of cards) {
    const where = facts.title;
    expect([where, LEFT_OVER_ENTITY_OR_CONTROL.test(facts.title)]).toEqual([where, false]);
    expect([where, /^[a-z0-9]+(-[a-z0-9]+)+$/.test(facts.source)]).toEqual([where, false]);
    if (facts.dateTime !== null) {
      expect([where, Date.parse(facts.dateTime) <= Date.now()]).toEqual([where, true]);
      expect([where, facts.dateText]).toEqual([where, expect.stringMatching(/ago|yesterday|now/i)]);
    }
    expect([where, /^(Home|Topics|Menu|Skip to)/.test(facts.preview)]).toEqual([where, false]);
    expect([where, facts.brokenImages]).toEqual([where, 0]);
  }
}

const seeded = seededSite();

describe.each(widths)('article cards at $name width', ({ name: width, viewport }) => {
  let page: Page;
  let problems: PageProblems;

  beforeEach(async () => {
    page = await seeded.browser.newPage({ viewport });
    await keepOffline(page);
    problems = watchForProblems(page);
  });

  afterEach(async () => {
    await page?.close();
    expect(problems).toEqual({ consoleErrors: [], pageErrors: [] });
  });

  it(
    "a source's cards show its titles as written, its name, real dates and no broken frame",
    async () => {
      await page.goto(`${seeded.site.url}/source-feed/source/jane-street-tech-blog`);
      await page.getByRole('article').first().waitFor();
      const cards = await cardFacts(page);
      expectTrustworthy(cards);
      expect(cards.every((facts) => facts.source === 'Jane Street Tech Blog')).toBe(true);
      expect(cards.every((facts) => facts.dateTime !== null)).toBe(true);
      await screenshot(page, `cards-${width}-source`);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'search results across many blogs are cards a reader can trust, escaped titles read right',
    async () => {
      const query = 'Jane Street interview process';
      await visitPage(page, `${seeded.site.url}/search?searchQuery=${encodeURIComponent(query)}`);
      await card(page, ESCAPED_TITLE).waitFor();
      // Images are lazy: bring every card into view so each one loads or fails.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState('networkidle');
      expectTrustworthy(await cardFacts(page));
      await screenshot(page, `cards-${width}-search`);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
