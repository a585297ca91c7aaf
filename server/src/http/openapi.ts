import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { z } from 'zod';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_VERSION, apiErrorSchema, type ResponseOf } from '@blogstream/shared/contract';
import { serverVersion } from '../version.js';
import type { App } from './app-type.js';
import { serve } from './endpoint.js';

/** The readable API reference (Swagger UI, served from the npm package: no CDN). */
export const API_REFERENCE_PATH = '/docs/api';

/** Every call may fail with the API's error body (docs: reasons in shared/contract/errors.ts). */
const errorResponse = {
  description: 'A failure: the HTTP status, a machine-readable reason and a message.',
  ...z.toJSONSchema(apiErrorSchema, { io: 'output' }),
};

/** A redirect answers no JSON: the browser follows the Location header. */
const redirectResponse = { description: 'A redirect (see Location).', type: 'null' };

/**
 * A response that is a file rather than JSON (its schema says `contentMediaType`, as the OPML
 * export's does) is documented under that media type.
 */
function underItsMediaType(response: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(response).map(([status, schema]) => {
      const { contentMediaType, description, ...rest } = schema as {
        contentMediaType?: unknown;
        description?: string;
      };
      if (typeof contentMediaType !== 'string') return [status, schema];
      return [status, { description, content: { [contentMediaType]: { schema: rest } } }];
    }),
  );
}

/** The zod schemas as JSON Schema, plus what the route schemas leave out: errors and redirects. */
const transform: typeof jsonSchemaTransform = (input) => {
  const output = jsonSchemaTransform(input);
  if (!output.schema?.tags) return output; // not a row of the table: left out of the document
  const response = underItsMediaType((output.schema.response ?? {}) as Record<string, unknown>);
  const redirects = Object.keys(response).length === 0 ? { 303: redirectResponse } : {};
  return {
    ...output,
    schema: { ...output.schema, response: { ...response, ...redirects, default: errorResponse } },
  };
};

/**
 * The public API as an OpenAPI 3.1 document, written from the routes the endpoint table
 * registered (zod schemas converted to JSON Schema), at /api/openapi.json and as a reference page.
 * Register before any route: the document is collected as routes are added. Only the table's rows
 * carry tags, so pages, feeds and files served beside the API stay out of it; `otherPaths` are
 * calls outside /api that the document describes too (the MCP endpoint).
 */
export async function registerOpenApi(
  app: App,
  siteName: string,
  otherPaths: Record<string, object>,
): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${siteName} API`,
        version: API_VERSION,
        description:
          'The HTTP API behind the site. Calls that change state need the XSRF pair: send back ' +
          'the XSRF-TOKEN cookie as the X-XSRF-TOKEN header, with a JSON body. Errors answer ' +
          '{ statusCode, reason, message } with a machine-readable reason.',
      },
      externalDocs: {
        url: API_REFERENCE_PATH,
        description: `API reference (server ${serverVersion})`,
      },
    },
    hideUntagged: true,
    transform,
    transformObject: (document) =>
      'openapiObject' in document
        ? { ...document.openapiObject, paths: { ...document.openapiObject.paths, ...otherPaths } }
        : document.swaggerObject,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: API_REFERENCE_PATH,
    uiConfig: { docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 0 },
    staticCSP: true,
  });
  serve(app, 'openApi', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return app.swagger() as ResponseOf<'openApi'>;
  });
}
