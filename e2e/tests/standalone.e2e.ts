import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, watchForProblems, type PageProblems } from '../support/browser.js';
import { freePort } from '../support/ports.js';
import { repoRoot, SITE_START_TIMEOUT_MS, startSite, type RunningSite } from '../support/site.js';
import { startStaticOrigin, type StaticOrigin } from '../support/static-origin.js';

describe('a remote run alone, without the shell', () => {
  let browser: Browser;
  let site: RunningSite;
  let standalone: StaticOrigin;
  let page: Page;
  let problems: PageProblems;

  beforeAll(async () => {
    site = await startSite();
    standalone = await startStaticOrigin(path.join(repoRoot, 'mfe-static/dist'), await freePort(), {
      spaFallback: true,
      apiTarget: site.url,
    });
    browser = await launchBrowser();
  }, SITE_START_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
    await standalone?.close();
    await site?.stop();
  });

  beforeEach(async () => {
    page = await browser.newPage();
    problems = watchForProblems(page);
  });

  afterEach(async () => {
    await page.close();
    expect(problems).toEqual({ consoleErrors: [], pageErrors: [] });
  });

  it('mounts its screens with its own store and reaches the API', async () => {
    const apiCall = page.waitForResponse((response) =>
      response.url().endsWith('/api/check_logged_in'),
    );
    await page.goto(`${standalone.url}about/privacy`);
    await page.getByText('mfe-static running alone, without the shell').waitFor();
    await page.getByRole('heading', { name: 'Privacy policy' }).waitFor();
    expect((await apiCall).status()).toBe(200);
    expect(await page.getByRole('banner').count()).toBe(0);
  });
});
