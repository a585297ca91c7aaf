import { z } from 'zod';
import { postIdRequestSchema } from './article.js';
import { emptyRequestSchema, okResponseSchema } from './common.js';
import type { EndpointDeclaration } from './endpoint-declaration.js';
import { KEYWORD_LENGTH } from './limits.js';

/**
 * Read state, "Hide read" and mutes (docs/decisions/0022-reader-controls-read-state-and-mutes.md).
 */

/** /mark_read and /mark_unread answer the article's read state after the call. */
export const readStateResponseSchema = z.object({ read: z.boolean() });

export const MUTE_KINDS = ['source', 'topic', 'keyword'] as const;
export const muteKindSchema = z.enum(MUTE_KINDS);
export type MuteKind = z.infer<typeof muteKindSchema>;

/**
 * A keyword: letters, digits, spaces and + # . ' - (so "c++", "c#", ".net" and "node.js" can
 * be muted), stored lower-cased with its spaces collapsed. It matches case-insensitively as a whole
 * word (or phrase) of an article's title or preview.
 */
export const muteKeywordSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((text) => text.replace(/\s+/g, ' '))
  .pipe(
    z
      .string()
      .min(KEYWORD_LENGTH.min, `At least ${KEYWORD_LENGTH.min} characters.`)
      .max(KEYWORD_LENGTH.max, `At most ${KEYWORD_LENGTH.max} characters.`)
      .regex(/^[\p{L}\p{N} +#.'-]+$/u, "Use letters, digits, spaces and + # . ' - only."),
  );

/**
 * One mute as the reader names it: a source by its url name, a topic of the catalogue, or a
 * keyword (muteKeywordSchema).
 */
export const muteRequestSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('source'), value: z.string().trim().min(1).max(100) }),
  z.object({ kind: z.literal('topic'), value: z.string().trim().min(1).max(100) }),
  z.object({ kind: z.literal('keyword'), value: muteKeywordSchema }),
]);
export type MuteRequest = z.input<typeof muteRequestSchema>;

/** A mute as the reader's list shows it; `label` is the source's name for a source. */
export const muteSchema = z.object({
  kind: muteKindSchema,
  value: z.string(),
  label: z.string(),
  created_at: z.string(),
});
export type Mute = z.infer<typeof muteSchema>;

/** POST /get_feed_filters: what the reader's feeds leave out. */
export const feedFiltersSchema = z.object({
  /** Articles the reader has read are left out of their feeds (not bookmarks or collections). */
  hide_read: z.boolean(),
  /** Newest first. */
  mutes: z.array(muteSchema),
});
export type FeedFilters = z.infer<typeof feedFiltersSchema>;

/** POST /save_hide_read takes and answers the switch. */
export const hideReadSchema = z.object({ hide_read: z.boolean() });

/** The read state, Hide read and mutes calls (decision 0022; endpoint-declaration.ts). */
export const readerControlEndpoints = {
  markRead: {
    method: 'POST',
    path: '/api/mark_read',
    access: 'reader',
    tag: 'Profile',
    summary: 'Marks an article read (the reader opened it).',
    body: postIdRequestSchema,
    response: readStateResponseSchema,
  },
  markUnread: {
    method: 'POST',
    path: '/api/mark_unread',
    access: 'reader',
    tag: 'Profile',
    summary: 'Marks an article unread again.',
    body: postIdRequestSchema,
    response: readStateResponseSchema,
  },
  getFeedFilters: {
    method: 'POST',
    path: '/api/get_feed_filters',
    access: 'reader',
    tag: 'Profile',
    summary: "What the reader's feeds leave out: read articles (when Hide read is on) and mutes.",
    body: emptyRequestSchema,
    response: feedFiltersSchema,
  },
  saveHideRead: {
    method: 'POST',
    path: '/api/save_hide_read',
    access: 'reader',
    tag: 'Profile',
    summary: 'Turns Hide read on or off on every feed of the reader.',
    body: hideReadSchema,
    response: hideReadSchema,
  },
  addMute: {
    method: 'POST',
    path: '/api/add_mute',
    access: 'reader',
    tag: 'Profile',
    summary:
      'Mutes a source, a topic or a keyword: no feed, search, RSS or digest of the reader shows it again.',
    body: muteRequestSchema,
    response: muteSchema,
  },
  removeMute: {
    method: 'POST',
    path: '/api/remove_mute',
    access: 'reader',
    tag: 'Profile',
    summary: 'Removes a mute.',
    body: muteRequestSchema,
    response: okResponseSchema,
  },
} as const satisfies Record<string, EndpointDeclaration>;
