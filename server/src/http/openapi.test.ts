import { Validator } from '@seriousme/openapi-schema-validator';
import { allEndpoints, API_VERSION } from '@blogstream/shared/contract';
import { apiRoutes } from '../testing/route-list.js';
import { API_REFERENCE_PATH } from './openapi.js';
import { MCP_PATH } from './mcp/mcp-route.js';
import { MCP_TOOLS } from './mcp/mcp-server.js';
import { routeTestSite } from '../testing/route-test-site.js';

interface OpenApiOperation {
  operationId: string;
  description?: string;
  tags: string[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, unknown>;
}
type OpenApiDocument = {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
};

// Analytics on: the page-view call is registered only then, and belongs in the document too.
const site = routeTestSite('embedded', { env: { ANALYTICS: 'on' } });
let document: OpenApiDocument;

beforeAll(async () => {
  document = (await (await site.server.fetch('/api/openapi.json')).json()) as OpenApiDocument;
});

/** Fastify's `/a/:b` as OpenAPI's `/a/{b}`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

test('/api/openapi.json is a valid OpenAPI 3.1 document of the versioned API', async () => {
  const validator = new Validator();
  const result = await validator.validate(structuredClone(document));
  expect(result.errors).toBeUndefined();
  expect(result.valid).toBe(true);
  expect(validator.version).toBe('3.1');
  expect(document.info.version).toBe(API_VERSION);
});

/** The operations of the document that are rows of the endpoint table (all but the MCP endpoint). */
const tableOperations = () => Object.entries(document.paths).filter(([path]) => path !== MCP_PATH);

test('the document lists every /api route the server answers and the MCP endpoint, nothing else', () => {
  const served = [
    ...apiRoutes(site.server.app, 'GET').map((path) => `get ${openApiPath(path)}`),
    ...apiRoutes(site.server.app, 'POST').map((path) => `post ${openApiPath(path)}`),
    `post ${MCP_PATH}`,
  ].sort();
  const documented = Object.entries(document.paths)
    .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method} ${path}`))
    .sort();
  expect(documented).toEqual(served);
});

test('every route is a row of the endpoint table, with its schemas and access', () => {
  const rows = allEndpoints();
  const operations = tableOperations().flatMap(([, byMethod]) => Object.values(byMethod));
  expect(operations.map((operation) => operation.operationId).sort()).toEqual(
    rows.map(([name]) => name).sort(),
  );
  for (const [name, row] of rows) {
    const operation = document.paths[openApiPath(row.path)]?.[row.method.toLowerCase()];
    expect([name, operation?.tags]).toEqual([name, [row.tag]]);
    expect([name, Boolean(operation?.requestBody)]).toEqual([name, Boolean(row.body)]);
    if (row.response)
      expect([name, Object.keys(operation?.responses ?? {})]).toEqual([
        name,
        expect.arrayContaining(['200']),
      ]);
  }
});

test('the MCP endpoint is documented with every tool an agent may call', async () => {
  const mcp = document.paths[MCP_PATH]!.post!;
  expect(mcp.tags).toEqual(['Agents']);
  expect(Object.keys(mcp.requestBody!.content)).toEqual(['application/json']);
  const tools = Object.keys(MCP_TOOLS);
  expect(tools.sort()).toEqual(['ask', 'get_article', 'search', 'similar']);
  for (const tool of tools) expect(mcp.description).toContain(`\`${tool}\`: `);
});

test('a file download is documented under its media type, JSON calls under JSON', () => {
  const opml = document.paths['/api/subscriptions_opml']!.get!.responses['200'] as {
    content: Record<string, { schema: { type: string } }>;
  };
  expect(Object.keys(opml.content)).toEqual(['text/x-opml']);
  expect(opml.content['text/x-opml']!.schema.type).toBe('string');
  const feed = document.paths['/api/discover_feed']!.post!.responses['200'] as {
    content: Record<string, { schema: { items: { properties: Record<string, unknown> } } }>;
  };
  expect(Object.keys(feed.content)).toEqual(['application/json']);
  expect(Object.keys(feed.content['application/json']!.schema.items.properties)).toContain(
    'also_on',
  );
});

test('a signed-out call to a reader-only row is refused by the table before its handler runs', async () => {
  const response = await site.server.fetch('/api/fetch_bookmarks_feed');
  expect(response.status).toBe(401);
  expect(await response.json()).toMatchObject({ reason: 'UNAUTHORIZED' });
});

test('the API reference page is served from the package, with its document', async () => {
  const page = await site.server.fetch(`${API_REFERENCE_PATH}/`);
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toMatch(/text\/html/);
  const specification = await site.server.fetch(`${API_REFERENCE_PATH}/json`);
  expect(((await specification.json()) as OpenApiDocument).paths).toEqual(document.paths);
});
