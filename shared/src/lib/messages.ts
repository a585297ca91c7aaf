/** Every user-facing message of spec §5 and §8, written once. */
export const messages = {
  emailRequired: 'E-mail is required',
  emailInvalid: 'Please enter a valid e-mail',
  passwordRequired: 'Password is required',
  nameRequired: 'Name is required',
  captchaRequired: 'Please complete the reCaptcha',
  blogNameRequired: 'Blog name is required',
  blogUrlRequired: 'Blog URL is required',
  passwordsMustMatch: 'Passwords must match',
  required: 'Required',

  genericError: 'There was an error. Please try again.',
  emailAlreadyRegistered: 'Email already registered',
  invalidUsernameOrPassword: 'Invalid username or password.',
  resetLinkExpired: 'Your password reset link has expired.',
  errorAddingToCollection: 'Error adding to collection',
  errorRemovingFromCollection: 'Error removing from collection',
  summaryFailed: 'Failed to load summary. Please try again.',
  sourceNotFound: 'Source not found.',
  settingsSaveFailed: 'Error saving settings. Please try again.',

  addedToCollection: 'Added to collection',
  removedFromCollection: 'Removed from collection',
  addedToBookmarks: 'Added to bookmarks.',
  removedBookmark: 'Removed bookmark.',
  settingsSaved: 'Settings saved.',
  rssUrlCopied: 'RSS URL copied to clipboard!',

  feedLoadingMore: 'Loading more articles...',
  feedEnd: "You've reached the end",
  feedEmpty: 'Nothing here yet.',
} as const;
