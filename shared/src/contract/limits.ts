/** Passwords: at least 8 characters (NIST SP 800-63B), at most 256. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

/**
 * GET /api/verify_email/{token} is the link in the verification e-mail. It redirects to
 * `/?emailVerified=ok`, or `/?emailVerified=expired` for an unknown, used or expired link.
 */
export const EMAIL_VERIFIED_QUERY_PARAM = 'emailVerified';

/**
 * A topic digest's confirmation link is the topic page with this parameter (the link's token):
 * the page confirms with a POST, so a mail scanner fetching the link confirms nothing.
 */
export const DIGEST_CONFIRM_QUERY_PARAM = 'digestConfirm';

/** At most this many mutes per reader: every feed query tests each article against all of them. */
export const MAX_MUTES = 100;
/** A muted keyword's length in characters. */
export const KEYWORD_LENGTH = { min: 2, max: 50 } as const;

/**
 * A reader's OPML import: at most this many characters and feeds; of the feeds no source has yet,
 * at most `OPML_IMPORT_MAX_NEW_FEEDS` are fetched per import (the reader waits for each).
 */
export const OPML_IMPORT_MAX_CHARS = 500_000;
export const OPML_IMPORT_MAX_FEEDS = 1000;
export const OPML_IMPORT_MAX_NEW_FEEDS = 25;

/**
 * Highlights (docs/decisions/0037-reader-view-and-highlights.md): a quoted passage of at most
 * this many characters, with this much text kept on each side of it to find it again after the
 * article's text changes, and a note of at most this many characters.
 */
export const HIGHLIGHT_MAX_CHARS = 5_000;
export const HIGHLIGHT_CONTEXT_CHARS = 32;
export const HIGHLIGHT_NOTE_MAX_CHARS = 10_000;
/** Highlights in one page of the Highlights list. */
export const MAX_HIGHLIGHTS_PAGE = 50;

/** A search's words: longer texts are cut to this many characters by the search call, refused when saved. */
export const MAX_SEARCH_CHARS = 300;
/**
 * Saved searches per reader (docs/decisions/0040-saved-searches.md): each is counted in the drawer,
 * matched in the weekly digest and after every crawl, so their number bounds that work.
 */
export const MAX_SAVED_SEARCHES = 20;
/** A saved search's new matches are counted up to this (the drawer shows "99+"). */
export const MAX_NEW_MATCHES_COUNTED = 99;
