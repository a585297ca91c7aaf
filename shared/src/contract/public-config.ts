import { z } from 'zod';
import type { EndpointDeclaration } from './endpoint-declaration.js';

/**
 * GET /api/public_config: the runtime settings the browser needs. Remotes and the shell carry
 * no environment values; they read this at start (build once, deploy anywhere).
 */
export const publicConfigSchema = z.object({
  siteName: z.string(),
  captcha: z.discriminatedUnion('provider', [
    /** Self-hosted proof-of-work captcha (ALTCHA): works offline, no third party. */
    z.object({ provider: z.literal('altcha'), challengeUrl: z.string() }),
    z.object({ provider: z.literal('recaptcha'), siteKey: z.string() }),
  ]),
  /** Google sign-in is offered only when a client id is configured. */
  googleClientId: z.string().nullable(),
  analyticsEnabled: z.boolean(),
  /** The address readers write to (about page). */
  contactEmail: z.string(),
  /** Whose law governs the terms of service, e.g. 'England and Wales'. */
  termsGoverningLaw: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** The public configuration call (endpoint-declaration.ts). */
export const publicConfigEndpoints = {
  publicConfig: {
    method: 'GET',
    path: '/api/public_config',
    access: 'anyone',
    tag: 'Site',
    summary: 'Run-time settings the browser needs (site name, captcha, Google client id).',
    response: publicConfigSchema,
  },
} as const satisfies Record<string, EndpointDeclaration>;
