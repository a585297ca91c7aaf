import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import { z } from 'zod';
import type { Log } from '../lib/log.js';
import type { AccountsConfig } from './accounts-config.js';

const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];
const JWKS_TIMEOUT_MS = 5_000;

const claimsSchema = z.object({
  sub: z.string().min(1).max(255),
  email: z.string().trim().toLowerCase().max(254).email(),
  // Google sends a boolean; older tokens carried the string "true".
  email_verified: z.union([z.boolean(), z.literal('true').transform(() => true)]).default(false),
  name: z.string().optional(),
});

export interface GoogleIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

/**
 * OpenID Connect Core 3.1.3.7, past jose's check that `aud` contains our client id: a token for
 * several audiences must name us as its authorized party (`azp`), and an `azp` naming anyone else
 * is refused whatever the audience.
 */
function checkAuthorizedParty(payload: JWTPayload, clientId: string): void {
  const audiences = [payload.aud].flat();
  const valid = payload.azp === undefined ? audiences.length === 1 : payload.azp === clientId;
  if (!valid) {
    throw new errors.JWTClaimValidationFailed(
      'the token was not issued to this site alone',
      payload,
      'azp',
      'check_failed',
    );
  }
}

export type GoogleIdTokenVerifier = (idToken: string) => Promise<GoogleIdentity | undefined>;

/**
 * Checks a Google id_token before anything in it is trusted: RS256 signature by a key of Google's
 * JWKS (fetched and cached by jose), issuer, audience and authorized party (our client id) and
 * expiry. Anything else, including `alg: none`, yields undefined.
 */
export function createGoogleIdTokenVerifier(
  options: NonNullable<AccountsConfig['google']>,
  log: Log,
): GoogleIdTokenVerifier {
  const keySet = createRemoteJWKSet(new URL(options.jwksUrl), {
    timeoutDuration: JWKS_TIMEOUT_MS,
  });
  return async (idToken) => {
    try {
      const { payload } = await jwtVerify(idToken, keySet, {
        issuer: GOOGLE_ISSUERS,
        audience: options.clientId,
        algorithms: ['RS256'],
        requiredClaims: ['exp', 'sub', 'email'],
      });
      checkAuthorizedParty(payload, options.clientId);
      const claims = claimsSchema.parse(payload);
      const name = claims.name?.trim().slice(0, 100) || claims.email.split('@')[0] || claims.email;
      return { sub: claims.sub, email: claims.email, emailVerified: claims.email_verified, name };
    } catch (error) {
      // The reason (jose's error code) helps an operator tell a forged token from a JWKS outage.
      const { code, name } = error as { code?: string; name?: string };
      log.info({ reason: code ?? name }, 'a Google id_token was refused');
      return undefined;
    }
  };
}
