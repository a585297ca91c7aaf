import type { Page } from 'playwright-core';
import { seriousViolationsInBothThemes } from '../support/a11y.js';
import { visitPage } from '../support/browser.js';
import { seededJourneys, seededSite } from '../support/journey.js';
import { widths } from '../support/reader.js';
import { screenshot } from '../support/screenshots.js';

/**
 * Asking the archive from the search page (decision 0038): a visitor asks a question the crawled
 * corpus answers and reads sentences quoted from it, each with [n] markers; a marker opens the
 * passage, a link to it in the article (a text fragment) and the article's card. A question no
 * article answers says so and lists the nearest articles instead.
 */

const JOURNEY_TIMEOUT_MS = 60_000;
/** Answered by Grab's "Debugging High Latency Due to Context Leaks", in the seeded feeds. */
const ANSWERED = 'How did Grab debug high latency in its feature store?';
const UNANSWERABLE = 'What is the capital gains tax rate in Canada?';

const searchFor = (siteUrl: string, question: string) =>
  `${siteUrl}/search?searchQuery=${encodeURIComponent(question)}`;

const answerBlock = (page: Page) => page.getByRole('region', { name: 'Answer from the archive' });

const seeded = seededSite();

describe.each(widths)('asking the archive at $name width', ({ name: width, viewport }) => {
  const journey = seededJourneys(seeded, viewport);
  const shot = (step: string) => screenshot(journey.page, `ask-${width}-${step}`);

  it(
    'a visitor asks, opens a citation, and is told when no article answers',
    async () => {
      const { page, site } = journey;
      await visitPage(page, searchFor(site.url, ANSWERED));
      const answer = answerBlock(page);
      const markers = answer.getByRole('button', { name: /^Passage \d+$/ });
      await markers.first().waitFor();
      expect(await answer.getByText(/latency/i).count()).toBeGreaterThan(0);
      await answer.getByText('Quoted from the articles, not written by a model.').waitFor();
      expect(await markers.first().textContent()).toMatch(/^\[\d+\]$/);
      await shot('01-answer');

      await markers.first().click();
      const passage = answer.getByRole('region', { name: /^Passage \d+$/ });
      await passage.waitFor();
      const link = passage.getByRole('link', { name: 'Open the passage in the article' });
      expect(await link.getAttribute('href')).toMatch(/^https?:\/\/[^#]+#:~:text=/);
      expect(await passage.getByRole('article').count()).toBe(1);
      expect(await seriousViolationsInBothThemes(page, 'answer, passage open', 'main')).toEqual([]);
      await shot('02-citation');

      await visitPage(page, searchFor(site.url, UNANSWERABLE));
      await answerBlock(page).getByText('No article in the archive answers this.').waitFor();
      await answerBlock(page).getByText('The nearest articles:').waitFor();
      expect(await answerBlock(page).getByRole('article').count()).toBeGreaterThan(0);
      expect(
        await answerBlock(page)
          .getByRole('button', { name: /^Passage/ })
          .count(),
      ).toBe(0);
      expect(await seriousViolationsInBothThemes(page, 'abstention', 'main')).toEqual([]);
      await shot('03-abstention');
    },
    JOURNEY_TIMEOUT_MS,
  );
});
