import type { z } from 'zod';
import { accountEndpoints } from './account.js';
import { analyticsEndpoints } from './analytics.js';
import { articleFeedbackEndpoints } from './article-feedback.js';
import { articleEndpoints } from './article.js';
import { askEndpoints } from './ask.js';
import { collectionEndpoints } from './collection.js';
import { crawlEndpoints } from './crawl.js';
import { digestSubscriptionEndpoints } from './digest-subscriptions.js';
import type { EndpointDeclaration } from './endpoint-declaration.js';
import type { EndpointName } from './endpoint-routes.js';
import { healthEndpoints } from './health.js';
import { openApiEndpoints } from './openapi.js';
import { opmlEndpoints } from './opml.js';
import { publicConfigEndpoints } from './public-config.js';
import { readerControlEndpoints } from './reader-controls.js';
import { readerEndpoints } from './reader.js';
import { savedSearchEndpoints } from './saved-searches.js';
import { sourceHealthEndpoints } from './source-health.js';
import { sourceEndpoints } from './source.js';

type Tables = readonly Readonly<Record<string, EndpointDeclaration>>[];
type Merged<T extends Tables> = T extends readonly [infer First, ...infer Rest extends Tables]
  ? First & Merged<Rest>
  : unknown;

/** The declarations of every contract module as one table; a name declared twice is an error. */
function mergeDeclarations<T extends Tables>(...tables: T): Merged<T> {
  const merged: Record<string, EndpointDeclaration> = {};
  for (const table of tables) {
    for (const [name, declaration] of Object.entries(table)) {
      if (name in merged) throw new Error(`The endpoint ${name} is declared twice`);
      merged[name] = declaration;
    }
  }
  return merged as Merged<T>;
}

/**
 * The endpoint table: every /api call as its contract module declares it, with its method, path,
 * access, summary and schemas. The server registers, checks and documents (/api/openapi.json) its
 * routes from it, the client types its calls with it, and `npm run generate -w shared` writes the
 * browser's method and path of each (endpoint-routes.generated.ts) from it
 * (docs/decisions/0018-one-endpoint-table.md).
 */
export const endpoints = mergeDeclarations(
  accountEndpoints,
  articleEndpoints,
  articleFeedbackEndpoints,
  collectionEndpoints,
  sourceEndpoints,
  crawlEndpoints,
  publicConfigEndpoints,
  analyticsEndpoints,
  healthEndpoints,
  openApiEndpoints,
  sourceHealthEndpoints,
  readerControlEndpoints,
  opmlEndpoints,
  digestSubscriptionEndpoints,
  readerEndpoints,
  askEndpoints,
  savedSearchEndpoints,
) satisfies Record<EndpointName, EndpointDeclaration>;

type Row<Name extends EndpointName> = (typeof endpoints)[Name];

/** Every row, for code that walks the whole table (OpenAPI, route coverage tests). */
export function allEndpoints(): [EndpointName, EndpointDeclaration][] {
  return Object.entries(endpoints) as [EndpointName, EndpointDeclaration][];
}

type Output<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined;
type Input<Schema> = Schema extends z.ZodType ? z.input<Schema> : undefined;

/** What the endpoint answers (200). */
export type ResponseOf<Name extends EndpointName> = Output<Row<Name>['response']>;

/** The JSON body the endpoint takes, as the client sends it; undefined: no body. */
export type BodyOf<Name extends EndpointName> =
  Row<Name> extends { body: infer Schema } ? Input<Schema> : undefined;
