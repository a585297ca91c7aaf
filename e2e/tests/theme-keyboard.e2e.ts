import type { BrowserContext, Page } from 'playwright-core';
import { formatViolations, seriousViolations } from '../support/a11y.js';
import { callApi } from '../support/api.js';
import {
  keepOffline,
  watchForProblems,
  WITHOUT_SERVICE_WORKER,
  type PageProblems,
} from '../support/browser.js';
import { withRawSql } from '../support/raw-sql.js';
import { widths } from '../support/reader.js';
import { screenshot } from '../support/screenshots.js';
import { seededSite } from '../support/journey.js';
import { SEEDING_TIMEOUT_MS } from '../support/seed.js';

/**
 * Dark mode and keyboard shortcuts (decision 0023) over the crawled corpus, at both
 * widths, on a device whose system is light and on one whose system is dark: the page follows
 * the system until the reader chooses in the top bar; the choice survives a reload, painted by
 * the shell page's boot script (which the CSP lets run: a refused script is a console error); a
 * signed-in reader's choice follows them to another device. j/k move the focus between cards,
 * ? opens the list of shortcuts, Escape closes it, / goes to the search box.
 */

const JOURNEY_TIMEOUT_MS = 120_000;
const PASSWORD = 'correct horse battery staple';
const colorSchemes = ['light', 'dark'] as const;
type ColorScheme = (typeof colorSchemes)[number];
/** The page's background in each theme (shared/src/ui/theme.ts). */
const background: Record<ColorScheme, string> = {
  light: 'rgb(255, 255, 255)',
  dark: 'rgb(13, 17, 23)',
};

const shownTheme = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset.theme ?? 'system');
const bodyBackground = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);
/** Whether the top bar's controls fit its width (nothing pushed off screen at 375 px). */
const fitsTopBar = (page: Page) =>
  page
    .locator('header')
    .first()
    .evaluate((bar) => bar.scrollWidth <= bar.clientWidth);
/** The role and accessible name (aria-labelledby: the card's title) of the focused element. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    const labelledBy = element?.getAttribute('aria-labelledby');
    return {
      tag: element?.tagName.toLowerCase(),
      title: labelledBy ? document.getElementById(labelledBy)?.textContent : undefined,
      outline: element ? getComputedStyle(element).outlineStyle : undefined,
    };
  });

/** The theme kept with the signed-in reader's settings, waiting up to 5 s for `expected`. */
async function savedTheme(page: Page, expected: string): Promise<string> {
  let theme = '';
  for (let attempt = 0; attempt < 20 && theme !== expected; attempt += 1) {
    if (attempt > 0) await page.waitForTimeout(250);
    theme = (await callApi<{ theme: string }>(page, '/api/get_user_settings', {})).data.theme;
  }
  return theme;
}

const seeded = seededSite({ CAPTCHA_PROVIDER: 'off' });

describe.each(widths)('theme and keyboard at $name width', ({ name: width, viewport }) => {
  let context: BrowserContext;
  let page: Page;
  let problems: PageProblems;
  const reader = { name: 'Grace', email: `theme-${width}@example.com` };

  beforeAll(async () => {
    const setup = await seeded.browser.newPage();
    await keepOffline(setup);
    await setup.goto(`${seeded.site.url}/about/about`);
    await callApi(setup, '/api/check_logged_in');
    const signUp = await callApi(setup, '/api/signup_with_email', {
      ...reader,
      password: PASSWORD,
      recaptchaVerifyToken: 'captcha-off',
    });
    expect(signUp.status).toBe(200);
    await withRawSql(seeded.site.dataDir, (query) =>
      query(
        `UPDATE users SET email_verified_at = now(), first_time = false, topics = $1
          WHERE email = $2`,
        [['Programming Languages'], reader.email],
      ),
    );
    await setup.close();
  }, SEEDING_TIMEOUT_MS);

  async function open(colorScheme: ColorScheme, path: string): Promise<void> {
    context = await seeded.browser.newContext({ viewport, colorScheme, ...WITHOUT_SERVICE_WORKER });
    page = await context.newPage();
    await keepOffline(page);
    problems = watchForProblems(page);
    await page.goto(`${seeded.site.url}${path}`);
  }

  afterEach(async () => {
    await context?.close();
    expect(problems).toEqual({ consoleErrors: [], pageErrors: [] });
  });

  async function expectNoSeriousViolations(label: string) {
    await page.waitForLoadState('networkidle');
    expect(formatViolations(label, await seriousViolations(page))).toEqual([]);
  }

  it.each(colorSchemes)(
    'a visitor on a %s system: follows it, then keeps the theme chosen in the top bar',
    async (system) => {
      const other: ColorScheme = system === 'light' ? 'dark' : 'light';
      await open(system, '/search?searchQuery=rust%20compiler');
      await page.getByRole('article').first().waitFor();
      expect(await shownTheme(page)).toBe('system');
      expect(await bodyBackground(page)).toBe(background[system]);
      await expectNoSeriousViolations(`${width} search, ${system} system`);

      const toggle = page.getByRole('button', { name: /^Theme: / });
      await toggle.click();
      await page.getByRole('button', { name: 'Theme: Light' }).waitFor();
      await toggle.click();
      await page.getByRole('button', { name: 'Theme: Dark' }).waitFor();
      if (system === 'dark') {
        // Light chosen on a dark system.
        await toggle.click();
        await toggle.click();
        await page.getByRole('button', { name: 'Theme: Light' }).waitFor();
      }
      expect(await bodyBackground(page)).toBe(background[other]);
      expect(await fitsTopBar(page)).toBe(true);

      await page.reload();
      await page.getByRole('article').first().waitFor();
      expect(await shownTheme(page)).toBe(other);
      expect(await bodyBackground(page)).toBe(background[other]);
      await page
        .getByRole('button', { name: `Theme: ${other === 'dark' ? 'Dark' : 'Light'}` })
        .waitFor();
      await expectNoSeriousViolations(`${width} search, ${other} chosen`);
      await screenshot(page, `theme-${width}-${system}-system-${other}-chosen`);

      await page.goto(seeded.site.url);
      await page.getByRole('heading').first().waitFor();
      expect(await bodyBackground(page)).toBe(background[other]);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it.each(colorSchemes)(
    'on a %s system: j and k move the focus between cards, ? lists the shortcuts, / searches',
    async (system) => {
      await open(system, '/search?searchQuery=rust%20compiler');
      const cards = page.getByRole('article');
      await cards.nth(2).waitFor();
      const titles = await cards.locator('h3').allInnerTexts();

      await page.keyboard.press('j');
      expect(await focused(page)).toEqual({ tag: 'article', title: titles[0], outline: 'solid' });
      await page.keyboard.press('j');
      await page.keyboard.press('j');
      expect((await focused(page)).title).toBe(titles[2]);
      expect(await cards.nth(2).isVisible()).toBe(true);
      await page.keyboard.press('k');
      expect((await focused(page)).title).toBe(titles[1]);
      await screenshot(page, `keyboard-${width}-${system}-card-focused`);

      await page.keyboard.press('?');
      const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await dialog.waitFor();
      await dialog.getByText('Next article').waitFor();
      // No shortcut fires behind the dialog.
      await page.keyboard.press('j');
      await expectNoSeriousViolations(`${width} shortcuts dialog, ${system} system`);
      await screenshot(page, `keyboard-${width}-${system}-shortcuts`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      await page.keyboard.press('/');
      const search = page.getByRole('searchbox');
      expect(await search.evaluate((element) => element === document.activeElement)).toBe(true);
      await page.keyboard.type(' j?');
      expect(await search.inputValue()).toBe('rust compiler j?');
      expect(await page.getByRole('dialog').count()).toBe(0);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    "a signed-in reader's theme follows them to another device",
    async () => {
      await open('light', '/about/about');
      await callApi(page, '/api/check_logged_in');
      await callApi(page, '/api/signin_with_email', { email: reader.email, password: PASSWORD });
      await page.goto(seeded.site.url);
      await page.getByRole('article').first().waitFor();
      if (width === 'desktop') {
        const toggle = page.getByRole('button', { name: /^Theme: / });
        await toggle.click();
        await toggle.click();
        await page.getByRole('button', { name: 'Theme: Dark' }).waitFor();
      } else {
        // A phone's top bar has no room for it beside the reader's controls: the account menu.
        for (const shown of ['System', 'Light']) {
          await page.getByRole('button', { name: `Account menu for ${reader.name}` }).click();
          await page.getByRole('menuitem', { name: `Theme: ${shown}` }).click();
        }
      }
      expect(await savedTheme(page, 'dark')).toBe('dark');
      expect(await fitsTopBar(page)).toBe(true);
      await screenshot(page, `theme-${width}-reader-dark`);
      await expectNoSeriousViolations(`${width} home (signed in), dark chosen`);
      await context.close();

      // Another device, light system, nothing kept in its browser.
      await open('light', '/about/about');
      await callApi(page, '/api/check_logged_in');
      await callApi(page, '/api/signin_with_email', { email: reader.email, password: PASSWORD });
      await page.goto(seeded.site.url);
      await page.getByRole('article').first().waitFor();
      await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
      expect(await bodyBackground(page)).toBe(background.dark);
      await page.goto(`${seeded.site.url}/settings`);
      await page.getByRole('combobox', { name: 'Theme' }).waitFor();
      expect(await page.getByRole('combobox', { name: 'Theme' }).innerText()).toContain('Dark');
      await expectNoSeriousViolations(`${width} settings, dark chosen`);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
