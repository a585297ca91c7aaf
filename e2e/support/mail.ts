import type { Page } from 'playwright-core';

/**
 * Follows the newest link to `pathPart` in the e-mails the site sent to `recipient`, read from
 * the local outbox page (/dev/mail) the server offers when no SMTP server is configured. The
 * site may answer before the message is written, so the outbox is reloaded for a while.
 */
export async function openLinkFromMail(
  page: Page,
  siteUrl: string,
  recipient: string,
  pathPart: string,
) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    await page.goto(`${siteUrl}/dev/mail`);
    const link = page
      .locator('article', { hasText: recipient })
      .getByRole('link', { name: new RegExp(pathPart) })
      .first();
    const href = (await link.count()) > 0 ? await link.getAttribute('href') : null;
    if (href) {
      await page.goto(href);
      return;
    }
    if (Date.now() > deadline) throw new Error(`No ${pathPart} link was mailed to ${recipient}`);
    await page.waitForTimeout(500);
  }
}
