import { z } from 'zod';
import type { EndpointDeclaration } from './endpoint-declaration.js';
import { OPML_IMPORT_MAX_CHARS } from './limits.js';

/** A reader's OPML import (POST /api/import_opml): the file's text (limits in limits.ts). */

export const importOpmlRequestSchema = z.object({
  opml: z.string().min(1).max(OPML_IMPORT_MAX_CHARS),
});

/** Why a feed of the file was not followed. */
export const opmlRefusalReasons = [
  'invalid_url',
  'private_address',
  'fetch_failed',
  'not_a_feed',
  'too_many_new_feeds',
] as const;
export type OpmlRefusalReason = (typeof opmlRefusalReasons)[number];

/** A source the import now has the reader follow. */
export const opmlFollowedSourceSchema = z.object({
  source_id: z.number().int(),
  url_name: z.string(),
  long_name: z.string(),
  feed_url: z.string(),
});
export type OpmlFollowedSource = z.infer<typeof opmlFollowedSourceSchema>;

/**
 * What the import did with each feed of the file: `added`, sources it created (then crawled and
 * followed); `known`, sources the site already had (followed); `refused`, feeds left out and why.
 */
export const importOpmlResponseSchema = z.object({
  added: z.array(opmlFollowedSourceSchema),
  known: z.array(opmlFollowedSourceSchema),
  refused: z.array(
    z.object({
      title: z.string(),
      feed_url: z.string(),
      reason: z.enum(opmlRefusalReasons),
    }),
  ),
});
export type ImportOpmlResponse = z.infer<typeof importOpmlResponseSchema>;

/** GET /api/subscriptions_opml answers an OPML 2.0 document (text/x-opml), as a download. */
export const opmlDocumentSchema = z.string().meta({
  description: "An OPML 2.0 document of the reader's followed sources (text/x-opml).",
  contentMediaType: 'text/x-opml',
});

/** A reader's OPML export and import calls (decision 0027; endpoint-declaration.ts). */
export const opmlEndpoints = {
  subscriptionsOpml: {
    method: 'GET',
    path: '/api/subscriptions_opml',
    access: 'reader',
    tag: 'Sources',
    summary: "The reader's followed sources as an OPML 2.0 file (text/x-opml, a download).",
    response: opmlDocumentSchema,
  },
  importOpml: {
    method: 'POST',
    path: '/api/import_opml',
    access: 'reader',
    tag: 'Sources',
    summary:
      "Follows the feeds of an OPML file: known sources are matched, new feeds fetched through the crawler's guarded fetcher, created and crawled; answers what was added, known and refused.",
    body: importOpmlRequestSchema,
    response: importOpmlResponseSchema,
  },
} as const satisfies Record<string, EndpointDeclaration>;
