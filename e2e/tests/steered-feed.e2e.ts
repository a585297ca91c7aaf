import { seriousViolationsInBothThemes } from '../support/a11y.js';
import { seededJourneys, seededSite } from '../support/journey.js';
import { readerFor, signIn, widths } from '../support/reader.js';
import { screenshot } from '../support/screenshots.js';

/**
 * The steerable home feed (decision 0036) over the crawled corpus, as a signed-in reader: each card
 * says why it is in their feed, and Show less like this on one is pressed while asked and taken
 * back by pressing it again.
 */

const JOURNEY_TIMEOUT_MS = 90_000;

const seeded = seededSite();

describe.each(widths)('steered feed at $name width', ({ name: width, viewport }) => {
  const reader = readerFor('steered', width, 'Grace');
  const journey = seededJourneys(seeded, viewport, { signUp: { reader } });
  const shot = (step: string) => screenshot(journey.page, `steered-feed-${width}-${step}`);

  it(
    'a reader sees why each card is there, asks less like one, sees it pressed and takes it back',
    async () => {
      const { page, site } = journey;
      await signIn(page, site.url, reader);
      const first = page.getByRole('article').first();
      await first.waitFor();
      await first.getByText(/^Why this: /).waitFor();
      const reasons = await page
        .getByRole('article')
        .getByText(/^Why this: /)
        .allInnerTexts();
      expect(reasons.length).toBe(await page.getByRole('article').count());
      expect(
        reasons.some((line) => line.includes('Programming Languages, one of your topics')),
      ).toBe(true);
      await shot('01-why-this');

      await first.getByRole('button', { name: 'Show less like this', pressed: false }).click();
      await page
        .getByText('Less like this from the next page of your feed.', { exact: true })
        .waitFor();
      const pressed = first.getByRole('button', { name: 'Show less like this', pressed: true });
      await pressed.waitFor();
      expect(
        await first
          .getByRole('button', { name: 'Show more like this' })
          .getAttribute('aria-pressed'),
      ).toBe('false');
      expect(await seriousViolationsInBothThemes(page, 'feed, less like this', 'main')).toEqual([]);
      await shot('02-less-pressed');

      await pressed.click();
      await page.getByText('Your feed no longer leans on this article.', { exact: true }).waitFor();
      await first.getByRole('button', { name: 'Show less like this', pressed: false }).waitFor();
      await shot('03-taken-back');
    },
    JOURNEY_TIMEOUT_MS,
  );
});
