/** A message's content; the recipient and sender are added by the mailer. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

const MAX_QUOTED_NAME = 80;

/**
 * A blog name typed by a stranger, made safe to quote in a message to an unverified address: one
 * line (no control or line-separator characters), at most 80 characters.
 */
export function quotableName(name: string): string {
  const oneLine = name
    .replace(/[\p{Cc}\u2028\u2029]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return oneLine.length > MAX_QUOTED_NAME ? `${oneLine.slice(0, MAX_QUOTED_NAME - 1)}…` : oneLine;
}

/** The text and HTML parts of one message made of paragraphs and at most one link. */
function compose(
  subject: string,
  paragraphs: string[],
  link?: { url: string; label: string },
): MailContent {
  const textParts = link ? [...paragraphs, link.url] : paragraphs;
  const htmlParagraphs = paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`);
  if (link) {
    htmlParagraphs.push(
      `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`,
      `<p>${escapeHtml(link.url)}</p>`,
    );
  }
  return {
    subject,
    text: `${textParts.join('\n\n')}\n`,
    html: `<!doctype html><html><body>${htmlParagraphs.join('')}</body></html>`,
  };
}

// Sign-up and reset mails go to addresses nobody has proven yet: they carry no text a stranger
// chose (not even the name given at sign-up), only ours and the link.

export function verificationMail(siteName: string, link: string): MailContent {
  return compose(
    `Confirm your e-mail address for ${siteName}`,
    [
      `Someone, hopefully you, signed up to ${siteName} with this e-mail address.`,
      'Open the link below to confirm it; you can sign in afterwards. The link works for 48 hours.',
      'If it was not you, ignore this message: no account is usable without this confirmation.',
    ],
    { url: link, label: 'Confirm my e-mail address' },
  );
}

export function passwordResetMail(siteName: string, link: string): MailContent {
  return compose(
    `Reset your ${siteName} password`,
    [
      `Someone, hopefully you, asked to reset the password of the ${siteName} account of this e-mail address.`,
      'Open the link below within one hour to choose a new password. It works once.',
      'If it was not you, ignore this message: your password stays as it is.',
    ],
    { url: link, label: 'Choose a new password' },
  );
}

/** A topic digest's double opt-in: the topic is the catalogue's, never a stranger's text. */
export function digestConfirmationMail(siteName: string, topic: string, link: string): MailContent {
  return compose(
    `Confirm your weekly ${topic} digest from ${siteName}`,
    [
      `Someone, hopefully you, asked for the weekly e-mail digest of the topic ${topic} on ${siteName} at this address.`,
      'Open the link below to confirm it; the first digest comes with the next weekly run. The link works for 48 hours.',
      'If it was not you, ignore this message: nothing will be sent without this confirmation.',
    ],
    { url: link, label: 'Confirm my weekly digest' },
  );
}

export function submissionApprovedMail(siteName: string, blogName: string, link: string) {
  return compose(
    `Your blog submission to ${siteName} was approved`,
    [
      `Thank you for suggesting "${quotableName(blogName)}".`,
      `We reviewed it and added it to ${siteName}. Its articles will appear after the next crawl.`,
    ],
    { url: link, label: 'See it on the site' },
  );
}

export function submissionRejectedMail(siteName: string, blogName: string) {
  return compose(`Your blog submission to ${siteName}`, [
    `Thank you for suggesting "${quotableName(blogName)}".`,
    `We reviewed it and decided not to add it to ${siteName} for now.`,
  ]);
}
