import type { Page } from 'playwright-core';

/**
 * Follows the newest link to `pathPart` in the e-mails the site sent to `recipient`, read from
 * the local outbox page (/dev/mail) the server offers when no SMTP server is configured.
 */
export async function openLinkFromMail(
  page: Page,
  siteUrl: string,
  recipient: string,
  pathPart: string,
) {
  await page.goto(`${siteUrl}/dev/mail`);
  const link = page
    .locator('article', { hasText: recipient })
    .getByRole('link', { name: new RegExp(pathPart) })
    .first();
  const href = await link.getAttribute('href');
  if (!href) throw new Error(`No ${pathPart} link was mailed to ${recipient}`);
  await page.goto(href);
}
