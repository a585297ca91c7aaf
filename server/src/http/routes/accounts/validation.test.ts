import { readError, type TestReader } from '../../../testing/accounts-harness.js';
import { snapshotDatabase } from '../../../testing/db-snapshot.js';
import { routeTestSite } from '../../../testing/route-test-site.js';

const site = routeTestSite();
let reader: TestReader;

beforeAll(async () => {
  reader = await site.signIn();
});

const feedBody = { queryData: null, offset: 0, limit: 12 };

/** A valid body per call; the bad ones are derived from it field by field. */
const validBodies: Record<string, Record<string, unknown>> = {
  '/api/signup_with_email': {
    name: 'Valid',
    email: 'valid@example.test',
    password: 'long enough password',
    recaptchaVerifyToken: 'token',
  },
  '/api/signin_with_email': { email: 'valid@example.test', password: 'password' },
  '/api/forgot_password': { email: 'valid@example.test', recaptchaVerifyToken: 'token' },
  '/api/reset_password': { token: 'x'.repeat(43), newPassword: 'long enough password' },
  '/api/sso_google': { id_token: 'a.b.c' },
  '/api/save_user_topics': { topics: ['Security'] },
  '/api/save_user_settings': { settings: { email_digest_frequency: 2 } },
  '/api/bookmark_post': { postId: 1 },
  '/api/remove_bookmark': { postId: 1 },
  '/api/bookmarks_feed': feedBody,
  '/api/get_collection': { collectionId: 1 },
  '/api/create_collection': { collectionName: 'Name' },
  '/api/rename_collection': { collectionId: 1, collectionName: 'Name' },
  '/api/delete_collection': { collectionId: 1 },
  '/api/get_article_collections': { postId: 1 },
  '/api/add_article_to_collection': { postId: 1, collectionId: 1 },
  '/api/remove_article_from_collection': { postId: 1, collectionId: 1 },
  '/api/get_articles_in_collection/1': feedBody,
  '/api/follow_source': { sourceId: 1 },
  '/api/unfollow_source': { sourceId: 1 },
  '/api/submit_source': {
    name: 'Blog',
    url: 'https://blog.example/',
    email: 'valid@example.test',
    recaptchaVerifyToken: 'token',
  },
};

const HUGE = 'x'.repeat(20_000);

function wrongTypeOf(value: unknown): unknown {
  if (typeof value === 'number') return 'twelve';
  if (value === null) return { not: 'a query' };
  return 12;
}

/** [what, body, the field the error must name] */
function badBodies(valid: Record<string, unknown>): [string, unknown, string][] {
  const bad: [string, unknown, string][] = [];
  for (const [field, value] of Object.entries(valid)) {
    const { [field]: _omitted, ...without } = valid;
    if (value !== null) bad.push([`without ${field}`, without, field]);
    bad.push([`${field} of the wrong type`, { ...valid, [field]: wrongTypeOf(value) }, field]);
    if (typeof value === 'string')
      bad.push([`a huge ${field}`, { ...valid, [field]: HUGE }, field]);
    if (typeof value === 'number' && field !== 'offset') {
      bad.push([`${field} of -1`, { ...valid, [field]: -1 }, field]);
      bad.push([`${field} of 1.5`, { ...valid, [field]: 1.5 }, field]);
    }
  }
  return bad;
}

const cases = Object.entries(validBodies).flatMap(([path, valid]) =>
  badBodies(valid).map(([what, body, field]) => [path, what, body, field] as const),
);

test.each(cases)(
  '%s with %s is 400 VALIDATION_FAILED naming it',
  async (path, _what, body, field) => {
    const before = await snapshotDatabase(site.db);
    const response = await reader.client.post(path, body);
    const answer = await readError(response);
    expect(response.status).toBe(400);
    expect(answer.reason).toBe('VALIDATION_FAILED');
    expect(answer.details?.map((detail) => detail.path)).toEqual(
      expect.arrayContaining([expect.stringMatching(new RegExp(`^body\\.${field}`))]),
    );
    expect(await snapshotDatabase(site.db)).toEqual(before);
  },
);

describe('feed paging is bounded', () => {
  const pages: [string, Record<string, unknown>][] = [
    ['a negative offset', { offset: -1 }],
    ['a giant offset', { offset: 10_001 }],
    ['a zero limit', { limit: 0 }],
    ['a limit over 50', { limit: 51 }],
    ['a giant limit', { limit: 1_000_000 }],
  ];
  for (const path of ['/api/bookmarks_feed', '/api/get_articles_in_collection/1']) {
    test.each(pages)(`${path} refuses %s`, async (_what, page) => {
      const response = await reader.client.post(path, { ...feedBody, ...page });
      expect(response.status).toBe(400);
      expect((await readError(response)).details?.[0]?.path).toMatch(/^body\.(offset|limit)$/);
    });
  }

  test('the largest page is 50', async () => {
    const response = await reader.client.post('/api/bookmarks_feed', { ...feedBody, limit: 50 });
    expect(response.status).toBe(200);
  });
});

test.each(['abc', '0', '-4', '1.5'])('a collection id of %s in the path is 400', async (id) => {
  const response = await reader.client.post(`/api/get_articles_in_collection/${id}`, feedBody);
  expect(response.status).toBe(400);
  expect((await readError(response)).details?.[0]?.path).toBe('params.collectionId');
});

test.each([
  ['an array', '[]'],
  ['null', 'null'],
  ['a string', '"hello"'],
  ['malformed JSON', '{"postId": '],
])('a body that is %s is refused', async (_what, text) => {
  const response = await reader.client.postText('/api/bookmark_post', text);
  expect(response.status).toBe(400);
  expect(['VALIDATION_FAILED', 'MALFORMED_JSON']).toContain((await readError(response)).reason);
});
