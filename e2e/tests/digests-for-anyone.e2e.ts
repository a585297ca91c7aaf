import { seriousViolationsInBothThemes } from '../support/a11y.js';
import { seededJourneys, seededSite } from '../support/journey.js';
import { openLinkFromMail } from '../support/mail.js';
import { solveCaptcha, widths } from '../support/reader.js';
import { screenshot } from '../support/screenshots.js';
import { crawlFreshPosts, SEEDING_TIMEOUT_MS } from '../support/seed.js';
import { visitPage } from '../support/browser.js';

/**
 * Digests for anyone (decision 0026): a visitor asks for the Security topic's weekly
 * digest, confirms it with the e-mailed link, gets the week's digest (a blog tagged Security just
 * published) and leaves it with the digest's unsubscribe link, whose button sends the RFC 8058
 * one-click POST.
 */

const JOURNEY_TIMEOUT_MS = 150_000;

const seeded = seededSite();

describe.each(widths)('digests for anyone at $name width', ({ name: width, viewport }) => {
  const journey = seededJourneys(seeded, viewport);
  const email = `digest-visitor-${width}@example.test`;
  const fresh = {
    title: `Red-teaming model agents, week notes (${width})`,
    link: `https://www.aisi.gov.uk/blog/red-teaming-notes-${width}`,
    description: 'What we learned about attacks on model agents this week.',
  };
  const shot = (step: string) => screenshot(journey.page, `digest-${width}-${step}`);

  beforeAll(async () => {
    // A blog the catalogue tags Security publishes this week.
    expect(await crawlFreshPosts(journey.site, { 'aisi-blog': fresh })).toMatch(
      /\b1 new articles?\b/,
    );
  }, SEEDING_TIMEOUT_MS);

  it(
    'a visitor subscribes on a topic page, confirms by e-mail, gets the weekly digest and unsubscribes with one click',
    async () => {
      const { page, site } = journey;
      await visitPage(page, `${site.url}/topic/Security`);
      const digest = page.getByRole('region', { name: 'Weekly digest' });
      await digest.waitFor();
      await digest.scrollIntoViewIfNeeded();
      await shot('01-form');
      expect(await seriousViolationsInBothThemes(page, 'topic digest form')).toEqual([]);

      await digest.getByLabel('Your email').fill(email);
      await solveCaptcha(page);
      await digest.getByRole('button', { name: 'Subscribe' }).click();
      await digest
        .getByText(`Almost done: open the link we sent to ${email}`, { exact: false })
        .waitFor();
      await shot('02-check-your-inbox');

      // The e-mailed link opens the topic page, which confirms it and says so.
      await openLinkFromMail(page, site.url, email, 'digestConfirm');
      await page
        .getByRole('region', { name: /Notifications/ })
        .getByText('Your weekly Security digest is confirmed', { exact: false })
        .waitFor();
      expect(new URL(page.url()).search).toBe('');
      await shot('03-confirmed');

      // The weekly run (here the operator's) sends it once; a second run sends nothing.
      expect(await site.admin(['digest'])).toMatch(/: 1 subscriptions in [\d.]+ s, 1 sent,/);
      expect(await site.admin(['digest'])).toMatch(/: 0 subscriptions in [\d.]+ s, 0 sent,/);
      await page.goto(`${site.url}/dev/mail`);
      // The file's site is both widths': this visitor's digest.
      const mail = page
        .locator('article', { hasText: 'weekly digest: Security' })
        .filter({ hasText: email });
      await mail.getByRole('link', { name: fresh.link }).waitFor();
      expect(await mail.count()).toBe(1);

      // The unsubscribe link shows a page with a button (opening it changes nothing); the
      // button posts List-Unsubscribe=One-Click, as a mail provider's one click does.
      await openLinkFromMail(page, site.url, email, 'digest/unsubscribe');
      await page.getByRole('heading', { name: 'Unsubscribe from the weekly digest?' }).waitFor();
      await shot('04-unsubscribe-page');
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
      await shot('05-unsubscribed');
    },
    JOURNEY_TIMEOUT_MS,
  );
});
