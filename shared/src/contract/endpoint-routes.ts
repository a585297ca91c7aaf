/**
 * What a browser needs to make a call of the product's HTTP API (spec §7): its method and path by
 * name, generated from the endpoint declarations (endpoint-routes.generated.ts,
 * `npm run generate -w shared`), with no validation library and no prose, so a visitor's first
 * load can build calls without either (docs/decisions/0018-one-endpoint-table.md,
 * 0021-federation-without-the-weight.md).
 */
import { endpointRoutes } from './endpoint-routes.generated.js';

export { endpointRoutes };

/**
 * The API's version (semantic): additions raise the minor number; a change that breaks callers
 * raises the major number and is a decision record (docs/API.md).
 */
export const API_VERSION = '1.12.0';

/** Every path of the API starts with this; nothing else on the site does. */
export const API_PREFIX = '/api';

/**
 * Set by the site's service worker on an API answer it served from its saved copies because the
 * network failed: the page then says it is showing saved pages.
 */
export const SAVED_COPY_HEADER = 'X-Saved-Copy';

export interface EndpointRoute {
  method: 'GET' | 'POST';
  /** Fastify's pattern: `:name` is a path parameter. */
  path: `/api/${string}`;
}

export type EndpointName = keyof typeof endpointRoutes;

/** The calls that answer a page of articles for a feed request. */
export const FEED_ENDPOINTS = [
  'discoverFeed',
  'topicFeed',
  'search',
  'searchNewest',
  'moreLikeThis',
  'sourceFeed',
  'subscriptionsFeed',
  'bookmarksFeed',
  'collectionFeed',
] as const satisfies readonly EndpointName[];

export type FeedEndpointName = (typeof FEED_ENDPOINTS)[number];

/** The path parameter names of a pattern: '/a/:b/:c' -> 'b' | 'c'. */
type PathParameters<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParameters<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values of an endpoint's path parameters, by name. */
export type PathParamsOf<Name extends EndpointName> = Record<
  PathParameters<(typeof endpointRoutes)[Name]['path']>,
  string | number
>;

/** The endpoint's path with its parameters filled in (each encoded as one path segment). */
export function endpointPath<Name extends EndpointName>(
  name: Name,
  params?: PathParamsOf<Name>,
): string {
  const values = (params ?? {}) as Record<string, string | number>;
  return endpointRoutes[name].path.replace(/:([A-Za-z]+)/g, (_, parameter: string) => {
    const value = values[parameter];
    if (value === undefined) throw new Error(`${name} needs the path parameter ${parameter}`);
    return encodeURIComponent(String(value));
  });
}
