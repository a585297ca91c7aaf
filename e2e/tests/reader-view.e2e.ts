import type { Page } from 'playwright-core';
import { seriousViolationsInBothThemes } from '../support/a11y.js';
import { seededJourneys, seededSite } from '../support/journey.js';
import { readerFor, signIn, widths } from '../support/reader.js';
import { screenshot } from '../support/screenshots.js';

/**
 * The reader view and highlights (decision 0037) over the crawled corpus: a reader opens an
 * article from a card with Read here, sees its text with source, date, reading time and the
 * original link, highlights a passage with a note, finds both again after a reload, listens to
 * it, exports the article as Markdown whose text-fragment link scrolls Chromium to the passage, and finds the
 * highlight on the Highlights page.
 */

const JOURNEY_TIMEOUT_MS = 150_000;

/** Selects words `first` to `last` (inclusive) of the article's first long paragraph, as a drag would. */
async function selectWords(page: Page, first: number, last: number): Promise<string> {
  return page.evaluate(
    ({ first, last }) => {
      const paragraph = Array.from(document.querySelectorAll('article [data-block-start]')).filter(
        (block) => block.tagName === 'P' && (block.textContent ?? '').split(' ').length > 20,
      )[0]!;
      const node = paragraph.firstChild!;
      const words = [...(node.textContent ?? '').matchAll(/\S+/g)];
      const start = words[first]!.index!;
      const end = words[last]!.index! + words[last]![0].length;
      document.getSelection()!.setBaseAndExtent(node, start, node, end);
      paragraph.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
      return (node.textContent ?? '').slice(start, end);
    },
    { first, last },
  );
}

const seeded = seededSite();

describe.each(widths)('reader view at $name width', ({ name: width, viewport }) => {
  const reader = readerFor('reader-view', width, 'Grace');
  const journey = seededJourneys(seeded, viewport, { signUp: { reader } });
  const shot = (step: string) => screenshot(journey.page, `reader-view-${width}-${step}`);

  it(
    'a reader reads an article here, highlights a passage with a note and finds it again',
    async () => {
      const { page, site } = journey;
      await signIn(page, site.url, reader);
      const first = page.getByRole('article').first();
      await first.waitFor();
      const title = await first.locator('h3').innerText();
      await first.getByRole('link', { name: 'Read here' }).click();

      await page.waitForURL((url) => url.pathname.startsWith('/read/'));
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page.getByText(/\d+ min read/).waitFor();
      const original = page.getByRole('link', { name: /Open the original/ });
      expect(await original.getAttribute('href')).toMatch(/^https?:\/\//);
      expect(await seriousViolationsInBothThemes(page, 'reader view', 'main')).toEqual([]);
      await shot('01-article');

      const quote = await selectWords(page, 2, 9);
      const toolbar = page.getByRole('toolbar', { name: 'Selected passage' });
      await toolbar.getByRole('button', { name: 'Add note' }).click();
      await toolbar.getByLabel('Note').fill('Quote this in the design doc');
      await shot('02-note');
      await toolbar.getByRole('button', { name: 'Save note' }).click();
      const highlights = page.getByRole('region', { name: 'Your highlights' });
      await highlights.getByText('Quote this in the design doc').waitFor();
      expect(await page.locator('article mark').first().innerText()).toBe(quote);
      expect(
        await seriousViolationsInBothThemes(page, 'reader view with a highlight', 'main'),
      ).toEqual([]);
      await shot('03-highlighted');

      // Kept on the server: after a reload the passage is still marked, the note still there.
      await page.reload();
      await page.getByRole('region', { name: 'Your highlights' }).getByText(quote).waitFor();
      expect(await page.locator('article mark').first().innerText()).toBe(quote);

      // Listen: the article is read aloud sentence by sentence, the one being read shown.
      await page.getByRole('button', { name: 'Listen' }).click();
      await page.locator('article [data-spoken]').first().waitFor();
      await page.getByRole('button', { name: /^(Pause|Resume)$/ }).waitFor();
      await page.getByRole('button', { name: 'Speed 1×' }).click();
      await page.getByRole('button', { name: 'Speed 1.25×' }).waitFor();
      expect(await seriousViolationsInBothThemes(page, 'reader view read aloud', 'main')).toEqual(
        [],
      );
      await shot('04-listening');

      // Exported as Markdown: front matter, the quote with an absolute text-fragment link.
      const markdown = await (
        await page.request.get(page.url().replace('/read/', '/api/highlights_markdown/'))
      ).text();
      expect(markdown).toMatch(/^---\ntitle: /);
      expect(markdown).toContain(`> ${quote} ([original](http`);
      expect(markdown).toMatch(/\(https?:\/\/[^)]+#:~:text=[^)]+\)\)/);
      expect(markdown).toContain('Quote this in the design doc');

      // Its text-fragment link scrolls Chromium to the passage on the original page (offline, the
      // page is served here: the article's text below a few screens of other text).
      const fragmentLink = /\((https?:\/\/[^)]+#:~:text=[^)]+)\)\)/.exec(markdown)![1]!;
      const articleHtml = await page.locator('article').first().innerHTML();
      await page.route(fragmentLink.split('#')[0]!, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><title>Original</title><div style="height: 3000px">Elsewhere</div>${articleHtml}`,
        }),
      );
      await page.goto(fragmentLink);
      await page.waitForFunction(() => window.scrollY > 2000);
      const passage = await page.locator('mark').first().boundingBox();
      expect(passage!.y).toBeGreaterThanOrEqual(0);
      expect(passage!.y).toBeLessThan(viewport.height);

      // The Highlights page lists it with its article, and finds it by a word of the note.
      await page.goto(`${site.url}/highlights`);
      await page.getByRole('heading', { name: 'Highlights', level: 1 }).waitFor();
      await page.getByRole('link', { name: title }).waitFor();
      await page.getByLabel('Find in highlights, notes and titles').fill('design doc');
      await page.getByText('Quote this in the design doc').waitFor();
      expect(await seriousViolationsInBothThemes(page, 'highlights page', 'main')).toEqual([]);
      await shot('05-highlights-page');
    },
    JOURNEY_TIMEOUT_MS,
  );
});
