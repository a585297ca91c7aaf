import type { BodyOf, EndpointName, PathParamsOf } from '@blogstream/shared/contract';
import { API_PREFIX, endpointPath, endpointRoutes } from '@blogstream/shared/contract/browser';
import { httpClient } from './http-client.js';
import type { HttpRequest } from './http-transport.js';

/** What a call of `name` needs besides its name: its path parameters and its JSON body. */
export type EndpointInput<Name extends EndpointName> = (keyof PathParamsOf<Name> extends never
  ? { params?: undefined }
  : { params: PathParamsOf<Name> }) &
  (BodyOf<Name> extends undefined ? { body?: undefined } : { body: BodyOf<Name> });

type InputArgument<Name extends EndpointName> =
  object extends EndpointInput<Name> ? [input?: EndpointInput<Name>] : [input: EndpointInput<Name>];

/**
 * The request of one row of the contract's endpoint table, for RTK Query's `query` or the HTTP
 * client: method and path from the table, typed path parameters and body. No path is written
 * anywhere else in the front end.
 */
export function endpointRequest<Name extends EndpointName>(
  name: Name,
  ...[input]: InputArgument<Name>
): HttpRequest {
  const { method } = endpointRoutes[name];
  const url = endpointPath(name, input?.params as PathParamsOf<Name>).slice(API_PREFIX.length);
  // The spec's POST calls without a body still send `{}`.
  return method === 'GET' ? { url, method } : { url, method, body: input?.body ?? {} };
}

/** Calls one row of the table directly with the shared HTTP client (outside RTK Query). */
export function callEndpoint<Name extends EndpointName>(
  name: Name,
  ...args: InputArgument<Name>
): Promise<unknown> {
  return httpClient.request(endpointRequest(name, ...args));
}
