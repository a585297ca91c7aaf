import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  countReactRenderers,
  launchBrowser,
  type PageProblems,
  reactRendererCount,
  visitPage,
  watchForProblems,
} from '../support/browser.js';
import { freePort } from '../support/ports.js';
import { repoRoot, SITE_START_TIMEOUT_MS, startSite, type RunningSite } from '../support/site.js';
import { startStaticOrigin, type StaticOrigin } from '../support/static-origin.js';

/** Client-side navigation, as a link in any part of the page does it (single-spa hears it). */
async function navigateInPage(page: Page, url: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
  }, url);
}

describe('the composed site', () => {
  let browser: Browser;
  let site: RunningSite;
  let staticOrigin: StaticOrigin;
  let page: Page;
  let problems: PageProblems;

  beforeAll(async () => {
    // mfe-static is served from a second origin, as from a CDN; the shell is not rebuilt for it.
    staticOrigin = await startStaticOrigin(
      path.join(repoRoot, 'mfe-static/dist'),
      await freePort(),
    );
    site = await startSite({ MFE_STATIC_URL: staticOrigin.url });
    browser = await launchBrowser();
  }, SITE_START_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    await staticOrigin?.close();
  });

  beforeEach(async () => {
    page = await browser.newPage();
    problems = watchForProblems(page);
    await countReactRenderers(page);
  });

  afterEach(async () => {
    await page.close();
    expect(problems).toEqual({ consoleErrors: [], pageErrors: [] });
  });

  it('serves a manifest that points mfe-static at the second origin', async () => {
    const response = await fetch(`${site.url}/mfe-manifest.json`);
    const manifest = (await response.json()) as { remotes: Record<string, { entry: string }> };
    expect(manifest.remotes.mfe_static?.entry).toBe(`${staticOrigin.url}remoteEntry.js`);
    expect(manifest.remotes.mfe_feed?.entry).toBe('/mfe/mfe-feed/remoteEntry.js');
  });

  it('loads / with the landing page from the second origin, and Start Reading opens the shell login dialog', async () => {
    await visitPage(page, site.url);
    const startReading = page.getByRole('button', { name: 'Start Reading' }).first();
    await startReading.waitFor();
    expect(staticOrigin.requests).toContain('/remoteEntry.js');
    expect(await page.title()).toBe('Blogstream');

    await startReading.click();
    await page.getByRole('dialog', { name: 'Sign in to Blogstream' }).waitFor();
  });

  it("renders each remote's own route, with React loaded once across all of them", async () => {
    await page.goto(`${site.url}/about/privacy`);
    await page.getByRole('heading', { name: 'Privacy policy' }).waitFor();

    await page
      .getByRole('searchbox', { name: 'Search for topics, companies, technologies' })
      .fill('kafka');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Search / kafka' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Privacy policy' }).count()).toBe(0);

    await navigateInPage(page, '/reset-password/some-token');
    await page.getByRole('heading', { name: 'Reset password' }).waitFor();

    await navigateInPage(page, '/source-feed/source/netflix');
    await page.getByRole('heading', { name: /Blog Posts by\s*Netflix/ }).waitFor();

    expect(await reactRendererCount(page)).toBe(1);
  });

  it('opens deep links directly and says so when a page does not exist', async () => {
    const response = await visitPage(page, `${site.url}/topic/Security`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Topics / Security' }).waitFor();

    const missing = await page.goto(`${site.url}/no-such-page`);
    expect(missing?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    problems.consoleErrors = problems.consoleErrors.filter((text) => !text.includes('404'));
  });
});
