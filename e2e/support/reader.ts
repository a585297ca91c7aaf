import type { Locator, Page } from 'playwright-core';
import { openLinkFromMail } from './mail.js';

/** The two widths every journey is walked at (mobile is the xs/sm layout of spec §9). */
export const widths = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'mobile', viewport: { width: 375, height: 740 } },
] as const;

export type WidthName = (typeof widths)[number]['name'];

export interface Reader {
  name: string;
  email: string;
  password: string;
}

/** Ticks the self-hosted captcha and waits for its proof of work to finish, as a person would. */
export async function solveCaptcha(page: Page): Promise<void> {
  await page.getByText("I'm not a robot").click();
  await page.locator('altcha-widget [data-state="verified"]').waitFor({ timeout: 60_000 });
}

export function loginDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Sign in to Blogstream' });
}

/** Opens the login dialog from the landing page's hero. */
export async function openLoginDialog(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Start Reading' }).first().click();
  await loginDialog(page).waitFor();
}

/** In an open login dialog: e-mail sign-in, submitted with Enter. */
export async function signInWithEmail(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('button', { name: 'Sign in with email' }).click();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
}

export function accountMenuButton(page: Page, name: string): Locator {
  return page.getByRole('button', { name: `Account menu for ${name}` });
}

/** From any page: the landing page, the login dialog, signed in (account menu showing). */
export async function signIn(page: Page, siteUrl: string, reader: Reader): Promise<void> {
  await page.goto(siteUrl);
  await openLoginDialog(page);
  await signInWithEmail(page, reader.email, reader.password);
  await accountMenuButton(page, reader.name).waitFor();
}

export async function signOut(page: Page, name: string): Promise<void> {
  await accountMenuButton(page, name).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('button', { name: 'Start Reading' }).first().waitFor();
}

/**
 * A new reader, all through the site: signs up with a solved captcha, verifies the address by the
 * e-mailed link, signs in and gets past the first-time topics dialog. Ends signed in at /.
 */
export async function signUpReader(
  page: Page,
  siteUrl: string,
  reader: Reader,
  topics: string[] = ['Programming Languages'],
): Promise<void> {
  await signUpAndVerify(page, siteUrl, reader);
  await signInWithEmail(page, reader.email, reader.password);
  await chooseFirstTopics(page, topics);
}

/**
 * Signs up with a solved captcha and opens the e-mailed verification link: ends on the page that
 * says the address is verified, with the login dialog open.
 */
export async function signUpAndVerify(page: Page, siteUrl: string, reader: Reader): Promise<void> {
  await page.goto(siteUrl);
  await openLoginDialog(page);
  await page.getByRole('button', { name: 'New to Blogstream? Sign up here' }).click();
  await page.getByRole('button', { name: 'Sign up with email' }).click();
  await page.getByLabel('Name', { exact: true }).fill(reader.name);
  await page.getByLabel('Email', { exact: true }).fill(reader.email);
  await page.getByLabel('Password', { exact: true }).fill(reader.password);
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByText('You have successfully signed up!').waitFor();

  await openLinkFromMail(page, siteUrl, reader.email, 'verify_email');
  await loginDialog(page).waitFor();
}

/** The first-time topics dialog: picks `topics` and presses 'Get started!'. */
export async function chooseFirstTopics(page: Page, topics: string[]): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Welcome to Blogstream!' });
  await dialog.waitFor();
  for (const topic of topics) {
    await dialog.getByRole('button', { name: topic, exact: true }).click();
  }
  await dialog.getByRole('button', { name: 'Get started!' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** The drawer, opened first on mobile where it is a temporary panel behind 'Toggle menu'. */
export async function openDrawer(page: Page, width: WidthName): Promise<Locator> {
  const drawer = page.getByRole('navigation', { name: 'Main navigation' });
  if (width === 'mobile' && !(await drawer.getByRole('link', { name: 'Home' }).isVisible())) {
    await page.getByRole('button', { name: 'Toggle menu' }).click();
  }
  await drawer.getByRole('link', { name: 'Home' }).waitFor();
  return drawer;
}

/** On mobile, closes the temporary drawer again with 'Toggle menu' (desktop keeps its rail). */
export async function closeDrawer(page: Page, width: WidthName): Promise<void> {
  const home = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', {
    name: 'Home',
  });
  if (width === 'mobile' && (await home.isVisible())) {
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await home.waitFor({ state: 'hidden' });
  }
}

/** The article card titled `title` (cards are `article` landmarks labelled by their title). */
export function card(scope: Page | Locator, title: string): Locator {
  return scope.getByRole('article', { name: title, exact: true });
}

/** Titles of the article cards in view, in order. */
export async function cardTitles(page: Page): Promise<string[]> {
  return page.getByRole('article').locator('h3').allInnerTexts();
}

/** Searches from the top bar (behind "Show search" on a phone) and waits for the results' page. */
export async function searchFromTopBar(page: Page, width: WidthName, query: string): Promise<void> {
  if (width === 'mobile') await page.getByRole('button', { name: 'Show search' }).click();
  const label = width === 'mobile' ? 'Search' : 'Search for topics, companies, technologies';
  const box = page.getByRole('searchbox', { name: label, exact: true });
  await box.fill(query);
  await box.press('Enter');
  await page.getByRole('heading', { name: `Search / ${query}` }).waitFor();
}

/** Makes an address unique per width and per test file, so sign-ups never collide. */
export function readerFor(prefix: string, width: WidthName, name = 'Ada'): Reader {
  return { name, email: `${prefix}-${width}@example.com`, password: 'analytical engine' };
}
