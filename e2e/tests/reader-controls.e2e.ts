import type { Locator } from 'playwright-core';
import { seriousViolationsInBothThemes } from '../support/a11y.js';
import { visitPage } from '../support/browser.js';
import { seededJourneys, seededSite } from '../support/journey.js';
import { card, readerFor, searchFromTopBar, signIn, widths } from '../support/reader.js';
import { screenshot } from '../support/screenshots.js';

/**
 * Read state, Hide read and mutes (decision 0022) over the crawled corpus, as a
 * signed-in reader: opening an article marks it read and Hide read leaves it out; a source muted
 * from a card's menu leaves the feed and search until the reader unmutes it in Settings.
 */

const JOURNEY_TIMEOUT_MS = 150_000;

/** The source name of a card: its link to the source's feed. */
function sourceLink(article: Locator): Locator {
  return article.locator('a[href*="/source-feed/source/"]');
}

const seeded = seededSite();

describe.each(widths)('reader controls at $name width', ({ name: width, viewport }) => {
  const reader = readerFor('controls', width, 'Hedy');
  const journey = seededJourneys(seeded, viewport, { signUp: { reader } });
  const shot = (step: string) => screenshot(journey.page, `controls-${width}-${step}`);

  /** Searches from the top bar and waits for the first result. */
  async function search(query: string) {
    await searchFromTopBar(journey.page, width, query);
    await journey.page.getByRole('article').first().waitFor();
  }

  /** The source names of the cards on the page. */
  async function sourcesShown(): Promise<string[]> {
    return sourceLink(journey.page.getByRole('article')).allInnerTexts();
  }

  it(
    'an opened article looks read, and Hide read leaves it out of the feed',
    async () => {
      const { page, site } = journey;
      await signIn(page, site.url, reader);
      const first = page.getByRole('article').first();
      await first.waitFor();
      const title = await first.locator('h3').innerText();
      const opened = card(page, title);
      expect(await opened.getByText('Read', { exact: true }).count()).toBe(0);

      const popup = page.waitForEvent('popup');
      await opened.getByRole('link', { name: title, exact: true }).click();
      await (await popup).close();
      await opened.getByText('Read', { exact: true }).waitFor();
      const colours = await page
        .getByRole('article')
        .locator('h3 a')
        .evaluateAll((links) => links.slice(0, 2).map((link) => getComputedStyle(link).color));
      expect(colours[0]).not.toBe(colours[1]);
      await shot('01-read');

      const hideRead = page.getByRole('checkbox', { name: 'Hide read' });
      expect(await hideRead.getAttribute('aria-checked')).toBe('false');
      await hideRead.click();
      await opened.waitFor({ state: 'detached' });
      expect(await hideRead.getAttribute('aria-checked')).toBe('true');
      await page.getByRole('article').first().waitFor();
      expect(await seriousViolationsInBothThemes(page, 'feed with Hide read', 'main')).toEqual([]);
      await shot('02-hide-read');

      // Kept on the server: after a reload the switch is still on and the article still hidden.
      await page.reload();
      await page.getByRole('article').first().waitFor();
      expect(
        await page.getByRole('checkbox', { name: 'Hide read' }).getAttribute('aria-checked'),
      ).toBe('true');
      expect(await card(page, title).count()).toBe(0);
      await page.getByRole('checkbox', { name: 'Hide read' }).click();
      await card(page, title).waitFor();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'a source muted from a card leaves the feed and search until it is unmuted in Settings',
    async () => {
      const { page, site } = journey;
      await signIn(page, site.url, reader);
      const first = page.getByRole('article').first();
      await first.waitFor();
      const source = await sourceLink(first).innerText();
      expect(await sourcesShown()).toContain(source);

      await first.getByRole('button', { name: 'More actions' }).click();
      const menu = page.getByRole('menu');
      const muteSource = menu.getByRole('menuitem', { name: `Mute ${source}`, exact: true });
      await muteSource.waitFor();
      expect(await seriousViolationsInBothThemes(page, 'card menu')).toEqual([]);
      await shot('03-menu');
      await muteSource.click();
      await page
        .getByText(`Muted ${source}. Settings lists your mutes.`, { exact: true })
        .waitFor();
      await page.waitForFunction(
        (name) =>
          !Array.from(document.querySelectorAll('article a[href*="/source-feed/source/"]')).some(
            (link) => link.textContent === name,
          ),
        source,
      );
      await page.getByRole('article').first().waitFor();
      await shot('04-muted');

      await search(source);
      expect(await sourcesShown()).not.toContain(source);

      await page.goto(`${site.url}/settings`);
      const muted = page.getByRole('region', { name: 'Muted' });
      const unmute = muted.getByRole('button', { name: `Unmute Source: ${source}` });
      await unmute.waitFor();
      expect(await seriousViolationsInBothThemes(page, 'settings', 'main')).toEqual([]);
      await shot('05-settings');
      await unmute.click();
      await muted.getByText('Nothing is muted.').waitFor();

      await visitPage(page, `${site.url}/`);
      await search(source);
      expect(await sourcesShown()).toContain(source);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
