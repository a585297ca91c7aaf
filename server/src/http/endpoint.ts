import type {
  FastifyBaseLogger,
  preHandlerAsyncHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpoints, type EndpointName } from '@blogstream/shared/contract';
import type { App } from './app-type.js';
import { requireUserId } from './current-user.js';

type Row<Name extends EndpointName> = (typeof endpoints)[Name];

/** Fastify's schema for a row: its input schemas, its answers by status, and its API reference. */
type RouteSchema<Name extends EndpointName> = (Row<Name> extends { body: infer Body }
  ? { body: Body }
  : unknown) &
  (Row<Name> extends { params: infer Params } ? { params: Params } : unknown) &
  (Row<Name> extends { query: infer Query } ? { querystring: Query } : unknown) & {
    response: (Row<Name>['response'] extends null ? unknown : { 200: Row<Name>['response'] }) &
      (Row<Name> extends { otherResponses: infer Other } ? Other : unknown);
    tags: [string];
    summary: string;
    description: string;
  };

const signedInOnly: preHandlerAsyncHookHandler = async (request) => {
  requireUserId(request);
};

const ACCESS_NOTES = {
  anyone: 'Anyone may call it.',
  reader: 'Signed-in readers only (401 UNAUTHORIZED otherwise).',
  premium: 'Premium readers only (401 UNAUTHORIZED signed out, 403 PREMIUM_REQUIRED otherwise).',
} as const;

/** The route options of one row of the table: method, path, schemas and the access check. */
function endpointRoute<Name extends EndpointName>(name: Name) {
  const row = endpoints[name] as Row<EndpointName>;
  const schema = {
    ...('body' in row ? { body: row.body } : {}),
    ...('params' in row ? { params: row.params } : {}),
    ...('query' in row ? { querystring: row.query } : {}),
    response: {
      ...(row.response ? { 200: row.response } : {}),
      ...('otherResponses' in row ? row.otherResponses : {}),
    },
    tags: [row.tag],
    summary: row.summary,
    description: ACCESS_NOTES[row.access],
    operationId: name,
  };
  return {
    method: row.method,
    url: row.path,
    schema: schema as unknown as RouteSchema<Name>,
    ...(row.access === 'anyone' ? {} : { preHandler: signedInOnly }),
  };
}

/** A handler of a row: its request and reply typed by the row's schemas. */
export type EndpointHandler<Name extends EndpointName> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  unknown,
  RouteSchema<Name>,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/**
 * Serves one row of the contract's endpoint table with `handler`: the method, path, schemas and
 * access check all come from the table, so no path or schema is written twice.
 */
export function serve<Name extends EndpointName>(
  app: App,
  name: Name,
  handler: EndpointHandler<Name>,
): void {
  app.route({ ...endpointRoute(name), handler });
}

/**
 * Serves a pair of rows that switch one thing on and off for the reader (bookmark and remove the
 * bookmark, follow and unfollow, mark read and unread, ...) with one handler: `handlerFor(true)`
 * serves the first row, `handlerFor(false)` the second.
 */
export function serveOnOff<Name extends EndpointName>(
  app: App,
  [on, off]: readonly [Name, Name],
  handlerFor: (on: boolean) => EndpointHandler<Name>,
): void {
  serve(app, on, handlerFor(true));
  serve(app, off, handlerFor(false));
}
