import { z } from 'zod';
import type { EndpointDeclaration } from './endpoint-declaration.js';

/** An OpenAPI 3.1 document: checked by the server's tests against the specification's schema. */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string().startsWith('3.1'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/** The API's own description (docs/API.md; endpoint-declaration.ts). */
export const openApiEndpoints = {
  openApi: {
    method: 'GET',
    path: '/api/openapi.json',
    access: 'anyone',
    tag: 'Site',
    summary: 'This API as an OpenAPI 3.1 document.',
    response: openApiDocumentSchema,
  },
} as const satisfies Record<string, EndpointDeclaration>;
