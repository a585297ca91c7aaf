/**
 * What one call of the API declares, once, beside its schemas in the contract module of its
 * resource (spec §7): method and path, who may call it, its section and summary in the API
 * reference, and its request and response schemas. The server serves, checks and documents the
 * call from it; the browser's method and path are generated from it
 * (endpoint-routes.generated.ts), so a visitor's page carries neither the schemas nor the prose
 * (docs/decisions/0018-one-endpoint-table.md, 0021-federation-without-the-weight.md).
 */
import type { z } from 'zod';
import type { EndpointRoute } from './endpoint-routes.js';

/**
 * Who may call: `anyone` (visitors too), `reader` (signed in; a visitor gets 401
 * UNAUTHORIZED), `premium` (signed in; the server answers 403 PREMIUM_REQUIRED to other accounts).
 */
export type EndpointAccess = 'anyone' | 'reader' | 'premium';

/** The sections of the API reference. */
export type EndpointTag =
  | 'Session'
  | 'Profile'
  | 'Feeds'
  | 'Bookmarks'
  | 'Collections'
  | 'Sources'
  | 'Topics'
  | 'Summaries'
  | 'RSS'
  | 'Reader'
  | 'Site';

export interface EndpointDeclaration extends EndpointRoute {
  access: EndpointAccess;
  tag: EndpointTag;
  /** One line in the API reference. */
  summary: string;
  body?: z.ZodType;
  params?: z.ZodType;
  query?: z.ZodType;
  /** What it answers (200); null: a redirect, not JSON. */
  response: z.ZodType | null;
  /** Other statuses that answer a body of their own (beyond the API error body). */
  otherResponses?: Record<number, z.ZodType>;
}
