/** Business constants of spec §9 and §3. */
export const SITE_NAME = 'Blogstream';

export const ACCOUNT_TYPE = { FREE: 0, PREMIUM: 1 } as const;
export const DIGEST_FREQUENCY = { OFF: 0, WEEKLY: 2 } as const;

export const FEED_PAGE_SIZE = 12;
export const MORE_LIKE_THIS_PAGE_SIZE = 13;

export const SNACKBAR_DURATION_MS = 1000;
export const RSS_COPY_SNACKBAR_DURATION_MS = 3000;
export const SUMMARY_LOADER_MIN_MS = 2000;

export const LANDING_TOPICS = [
  'Data Science',
  'AI & Machine Learning',
  'Data Engineering',
  'Leadership & Culture',
  'Web Development',
  'Software Engineering',
  'Infrastructure',
  'Security',
  'Product Management',
  'UX',
] as const;

/** Where readers write to (about page, e-mails). */
export const CONTACT_EMAIL = 'hello@blogstream.app';
