import type { Browser, Page } from 'playwright-core';
import {
  launchBrowser,
  type PageProblems,
  visitPage,
  watchForProblems,
} from '../support/browser.js';
import { openLinkFromMail } from '../support/mail.js';
import {
  openLoginDialog,
  signInWithEmail,
  signOut,
  solveCaptcha,
  widths,
} from '../support/reader.js';
import { screenshot } from '../support/screenshots.js';
import { SITE_START_TIMEOUT_MS, startSite, type RunningSite } from '../support/site.js';

const JOURNEY_TIMEOUT_MS = 240_000;

/** One empty site for both widths: each width signs up a reader of its own. */
let browser: Browser;
let site: RunningSite;

beforeAll(async () => {
  site = await startSite();
  browser = await launchBrowser();
}, SITE_START_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe.each(widths)('a reader at $name width', ({ name: width, viewport }) => {
  let page: Page;
  let problems: PageProblems;
  const email = `ada-${width}@example.com`;
  const shot = (step: string) => screenshot(page, `journey-${width}-${step}`);

  beforeEach(async () => {
    page = await browser.newPage({ viewport });
    problems = watchForProblems(page);
  });

  afterEach(async () => {
    await page.close();
    // Wrong passwords answer 4xx on purpose; the browser logs those requests.
    const unexpected = problems.consoleErrors.filter((text) => !/status of 40[13]/.test(text));
    expect({ consoleErrors: unexpected, pageErrors: problems.pageErrors }).toEqual({
      consoleErrors: [],
      pageErrors: [],
    });
  });

  it(
    'signs up with a solved captcha, verifies by the e-mailed link and chooses topics',
    async () => {
      await visitPage(page, site.url);
      await shot('01-landing');
      await openLoginDialog(page);
      await page.getByRole('button', { name: 'New to Blogstream? Sign up here' }).click();
      await page.getByRole('button', { name: 'Sign up with email' }).click();
      await page.getByLabel('Name', { exact: true }).fill('Ada');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill('analytical engine');
      await solveCaptcha(page);
      await shot('02-sign-up');
      await page.getByRole('button', { name: 'Sign up' }).click();
      await page.getByText('You have successfully signed up!').waitFor();

      await openLinkFromMail(page, site.url, email, 'verify_email');
      await page
        .getByText('Your e-mail is verified. Sign in to start reading.', { exact: true })
        .waitFor();
      await page.getByRole('dialog', { name: 'Sign in to Blogstream' }).waitFor();
      await signInWithEmail(page, email, 'analytical engine');

      const topics = page.getByRole('dialog', { name: 'Welcome to Blogstream!' });
      await topics.waitFor();
      expect(await topics.getByRole('button', { name: 'Get started!' }).isDisabled()).toBe(true);
      await page.keyboard.press('Escape');
      await topics.waitFor();
      await page.getByRole('textbox', { name: 'Filter topics' }).fill('da');
      await topics.getByRole('button', { name: 'Databases' }).click();
      await shot('03-topics');
      await topics.getByRole('button', { name: 'Get started!' }).click();
      await topics.waitFor({ state: 'detached' });

      if (width === 'mobile') await page.getByRole('button', { name: 'Toggle menu' }).click();
      const drawer = page.getByRole('navigation', { name: 'Main navigation' });
      await drawer.getByRole('link', { name: 'Bookmarks' }).waitFor();
      await shot('04-signed-in');
      await signOut(page, 'Ada');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'is refused a wrong password, signs in with the right one, and resets a forgotten one',
    async () => {
      await page.goto(`${site.url}/about/about`);
      if (width === 'desktop') await page.getByRole('button', { name: 'Sign In' }).click();
      else await page.getByRole('button', { name: 'Sign In' }).click();
      await signInWithEmail(page, email, 'wrong password');
      await page.getByRole('alert').filter({ hasText: 'Invalid username or password.' }).waitFor();
      await shot('05-wrong-password');
      await page.getByLabel('Password', { exact: true }).fill('analytical engine');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('button', { name: 'Account menu for Ada' }).waitFor();
      await signOut(page, 'Ada');

      await openLoginDialog(page);
      await page.getByRole('button', { name: 'Sign in with email' }).click();
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      await page.getByLabel('Email', { exact: true }).fill(email);
      await solveCaptcha(page);
      await page.getByRole('button', { name: 'Send recovery email' }).click();
      await page.getByText('Please check your inbox for email with instructions.').waitFor();

      await openLinkFromMail(page, site.url, email, 'reset-password');
      await page.getByLabel('New password', { exact: true }).fill('difference engine');
      await page.getByLabel('Confirm new password', { exact: true }).fill('difference engine');
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('You can now sign in using your new password.').waitFor();
      await shot('06-password-reset');

      await visitPage(page, site.url);
      await openLoginDialog(page);
      await signInWithEmail(page, email, 'difference engine');
      await page.getByRole('button', { name: 'Account menu for Ada' }).waitFor();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
