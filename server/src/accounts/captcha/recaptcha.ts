import { z } from 'zod';

const VERIFY_TIMEOUT_MS = 5_000;
/** reCAPTCHA v3 answers a score; v2 does not. Below this a v3 answer counts as a bot. */
const MIN_SCORE = 0.5;

const siteVerifyAnswer = z.object({
  success: z.boolean(),
  score: z.number().optional(),
});

export interface RecaptchaOptions {
  secret: string;
  verifyUrl: string;
}

/**
 * Asks Google's siteverify whether `token` is a fresh solution (Google also refuses a token it
 * has seen before). Any failure to get an answer counts as not verified.
 */
export async function verifyRecaptcha(
  { secret, verifyUrl }: RecaptchaOptions,
  token: string,
  remoteIp: string,
): Promise<boolean> {
  try {
    const response = await fetch(verifyUrl, {
      method: 'POST',
      body: new URLSearchParams({ secret, response: token, remoteip: remoteIp }),
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    if (!response.ok) return false;
    const answer = siteVerifyAnswer.safeParse(await response.json());
    return answer.success && answer.data.success && (answer.data.score ?? MIN_SCORE) >= MIN_SCORE;
  } catch {
    return false;
  }
}
