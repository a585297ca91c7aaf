/** Passwords: at least 8 characters (NIST SP 800-63B), at most 256. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

/**
 * GET /api/verify_email/{token} is the link in the verification e-mail. It redirects to
 * `/?emailVerified=ok`, or `/?emailVerified=expired` for an unknown, used or expired link.
 */
export const EMAIL_VERIFIED_QUERY_PARAM = 'emailVerified';
