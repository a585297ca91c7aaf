import { PASSWORD_MIN_LENGTH } from '@blogstream/shared/contract/browser';

/** Every user-facing message of spec §5 and §8, written once. */
export const messages = {
  emailRequired: 'E-mail is required',
  emailInvalid: 'Please enter a valid e-mail',
  passwordRequired: 'Password is required',
  // The spec leaves the length rule open; ours is NIST's minimum of 8 (docs/decisions/0008).
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
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
  // Ours: an article with too little text to summarise, where asking again cannot help
  // (docs/decisions/0009).
  summaryUnavailable:
    'No summary is available for this article: it has too little text to summarise.',
  sourceNotFound: 'Source not found.',
  settingsSaveFailed: 'Error saving settings. Please try again.',
  // Ours, not the spec's: sign-in failures the reader can act on (docs/decisions/0008).
  emailNotVerified: 'Please verify your e-mail first: check your inbox for the verification link.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',

  addedToCollection: 'Added to collection',
  removedFromCollection: 'Removed from collection',
  addedToBookmarks: 'Added to bookmarks.',
  removedBookmark: 'Removed bookmark.',
  moreLikeThis: 'More like this from the next page of your feed.',
  lessLikeThis: 'Less like this from the next page of your feed.',
  feedbackTakenBack: 'Your feed no longer leans on this article.',
  settingsSaved: 'Settings saved.',
  rssUrlCopied: 'RSS URL copied to clipboard!',

  emailVerified: 'Your e-mail is verified. Sign in to start reading.',
  verificationLinkExpired: 'That verification link has expired. Sign in to get a new one.',
  forgotPasswordIntro: "Enter your email and we'll send you the password recovery link.",
  forgotPasswordSuccess: 'Please check your inbox for email with instructions.',
  signUpSuccess: 'You have successfully signed up!',
  signUpNextStep: 'Just one more step - please check your inbox for the verification link.',
  topicsWelcomeText:
    "Help us find the best articles for you by selecting the topics you're interested in.",

  // Ours: a topic page's address names no topic of the site.
  topicNotFound: 'Topic not found',
  noSuchTopic: (topic: string) => `There is no topic called ${topic}. Pick one of ours below.`,

  feedLoadingMore: 'Loading more articles...',
  feedEnd: "You've reached the end",
  feedEmpty: 'Nothing here yet.',
  // Ours: a feed, or a search, that could not reach the server (docs/decisions/0028).
  feedOffline: 'You are offline: these articles need a connection.',
  searchOffline: 'Search needs a connection. Try again once you are back online.',
  // Ours: under the empty search feed, what the reader can do about it.
  searchEmptyHint:
    'No article matches these words. Try fewer or more general words, or the name of a technology or company.',
} as const;
