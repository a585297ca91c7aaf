import type { z } from 'zod';
import { buildApp } from '../app.js';
import { UNSUBSCRIBE_PATH } from '../mail/digest/unsubscribe-token.js';
import {
  accountsTestConfig,
  createReader,
  openTestDatabase,
  readError,
  serveTestApp,
  type TestDatabase,
  type TestReader,
  type TestServer,
} from '../testing/accounts-harness.js';
import { snapshotDatabase } from '../testing/db-snapshot.js';
import { apiRoutes, recordRouteSchemas, SCHEMA_PROBE_HEADER } from '../testing/route-list.js';
import { samplesOf, stringPaths, withValueAt } from '../testing/schema-samples.js';

const WITH_NUL = 'before\u0000after';

let database: TestDatabase;
let server: TestServer;
let reader: TestReader;
let collectionId: number;
let routeSchemas: ReturnType<typeof recordRouteSchemas>;

beforeAll(async () => {
  database = await openTestDatabase('embedded');
  const config = accountsTestConfig();
  const app = await buildApp({ config, db: database.db });
  routeSchemas = recordRouteSchemas(app);
  server = await serveTestApp(app, config, database.db);
  reader = await createReader(server);
  ({ collection_id: collectionId } = await reader.client.postJson<{ collection_id: number }>(
    '/api/create_collection',
    { collectionName: 'Mine' },
  ));
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

/** The status of an answer, and for an error its reason and the fields it names. */
async function refusal(response: Response) {
  const { reason, details } = response.ok ? {} : await readError(response);
  return { status: response.status, reason, paths: details?.map((detail) => detail.path) };
}

const feedBody = { queryData: WITH_NUL, offset: 0, limit: 12 };
/** The calls that answered 500 to a NUL before: [route, body, the field with the NUL]. */
const namedCases: [string, () => object, string][] = [
  ['/api/search', () => feedBody, 'body.queryData'],
  ['/api/search_for_discover_feed', () => feedBody, 'body.queryData'],
  ['/api/source_info', () => ({ sourceUrlName: WITH_NUL }), 'body.sourceUrlName'],
  ['/api/create_collection', () => ({ collectionName: WITH_NUL }), 'body.collectionName'],
  [
    '/api/rename_collection',
    () => ({ collectionId, collectionName: WITH_NUL }),
    'body.collectionName',
  ],
];

describe('a NUL character in a string field is refused before it reaches the database', () => {
  test.each(namedCases)(
    '%s answers 400 VALIDATION_FAILED and writes nothing',
    async (path, body, field) => {
      const before = await snapshotDatabase(database.db);
      const response = await reader.client.post(path, body());
      expect(await refusal(response)).toEqual({
        status: 400,
        reason: 'VALIDATION_FAILED',
        paths: [field],
      });
      expect(await snapshotDatabase(database.db)).toEqual(before);
    },
  );

  test('in a path parameter or the query string too', async () => {
    expect(await refusal(await reader.client.get('/api/verify_email/abc%00def'))).toEqual({
      status: 400,
      reason: 'VALIDATION_FAILED',
      paths: ['params.token'],
    });
    expect(await refusal(await server.fetch(`${UNSUBSCRIBE_PATH}?token=abc%00def`))).toEqual({
      status: 400,
      reason: 'VALIDATION_FAILED',
      paths: ['querystring.token'],
    });
  });

  test('however deep in the body, and in a key', async () => {
    const depth = 100_000;
    const nested = `${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`;
    const response = await reader.client.postText(
      '/api/save_user_topics',
      `{"topics": ${nested}, "\\u0000": 1}`,
    );
    const { status, reason, paths } = await refusal(response);
    expect({ status, reason, count: paths?.length }).toEqual({
      status: 400,
      reason: 'VALIDATION_FAILED',
      count: 2,
    });
  });
});

/** The concrete path of a route pattern, each `:name` filled from `params`. */
function pathOf(route: string, params: object): string {
  return route.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String((params as Record<string, unknown>)[name] ?? 1)),
  );
}

interface Attempt {
  route: string;
  field: string;
  path: string;
  body: unknown;
}

/** One request per string field of the route's body and path samples, that field carrying a NUL. */
function attemptsFor(route: string): Attempt[] {
  const schema = routeSchemas.get(route);
  const bodies = schema?.body ? samplesOf(schema.body as z.ZodType) : [{}];
  const [params = {}] = schema?.params ? (samplesOf(schema.params as z.ZodType) as object[]) : [];
  const inBody = bodies.flatMap((body) =>
    stringPaths(body).map((at) => ({
      route,
      field: ['body', ...at].join('.'),
      path: pathOf(route, params),
      body: withValueAt(body, at, WITH_NUL),
    })),
  );
  const inPath = stringPaths(params).map((at) => ({
    route,
    field: ['params', ...at].join('.'),
    path: pathOf(route, withValueAt(params, at, WITH_NUL) as object),
    body: bodies[0],
  }));
  return [...inBody, ...inPath];
}

test('a NUL in any string field of any JSON call is a 400 VALIDATION_FAILED naming it, never a 500', async () => {
  const routes = apiRoutes(server.app, 'POST');
  for (const route of routes) {
    await reader.client.post(pathOf(route, {}), {}, { [SCHEMA_PROBE_HEADER]: '1' });
  }
  expect([...routeSchemas.keys()].sort()).toEqual(routes);

  const attempts = routes.flatMap(attemptsFor);
  expect(attempts.map(({ route }) => route)).toEqual(
    expect.arrayContaining(namedCases.map(([route]) => route)),
  );
  const outcomes = [];
  for (const { route, field, path, body } of attempts) {
    const { status, reason, paths } = await refusal(await reader.client.post(path, body));
    outcomes.push({ route, field, status, reason, named: paths?.includes(field) });
  }
  expect(outcomes).toEqual(
    outcomes.map((outcome) => ({
      ...outcome,
      status: 400,
      reason: 'VALIDATION_FAILED',
      named: true,
    })),
  );
});
