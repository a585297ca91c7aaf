/**
 * @jest-environment node
 */
import { cacheRule, feedCacheKey, maySave, readerOf, type RequestFacts } from './cache-rules';

const origin = 'https://blogstream.example';

function rule(path: string, facts: Partial<RequestFacts> = {}) {
  return cacheRule({
    url: new URL(path, origin),
    method: 'GET',
    mode: 'cors',
    destination: '',
    origin,
    ...facts,
  });
}

it('serves page loads network first, with the saved page offline', () => {
  expect(rule('/topic/webdev', { mode: 'navigate', destination: 'document' })).toBe('page');
  expect(rule('https://elsewhere.example/', { mode: 'navigate' })).toBe('pass');
});

it('passes a page whose path holds a secret: a password reset page is never saved', () => {
  expect(rule('/reset-password/4f2a9c', { mode: 'navigate', destination: 'document' })).toBe(
    'pass',
  );
});

it('keeps hashed chunks, and revalidates entries and the remote manifest', () => {
  expect(rule('/214.e5fa3978c27a.js', { destination: 'script' })).toBe('immutable');
  expect(rule('/mfe/mfe-feed/src_app.0a1b2c3d4e12.js', { destination: 'script' })).toBe(
    'immutable',
  );
  expect(rule('/main.js', { destination: 'script' })).toBe('revalidated');
  expect(rule('/mfe/mfe-feed/remoteEntry.js', { destination: 'script' })).toBe('revalidated');
  expect(rule('/mfe-manifest.json')).toBe('revalidated');
  expect(rule('/static/logos/1.png', { destination: 'image' })).toBe('pass');
  expect(rule('/rss/feed.xml')).toBe('pass');
});

it('saves the answers of feed calls only, never other calls or changes', () => {
  expect(rule('/api/discover_feed', { method: 'POST' })).toBe('feed');
  expect(rule('/api/discover_feed/webdev', { method: 'POST' })).toBe('feed');
  expect(rule('/api/subscriptions_feed', { method: 'POST' })).toBe('feed');
  expect(rule('/api/source_feed/12', { method: 'POST' })).toBe('feed');
  expect(rule('/api/bookmark_post', { method: 'POST' })).toBe('pass');
  expect(rule('/api/follow_source', { method: 'POST' })).toBe('pass');
  expect(rule('/api/follow_source', { method: 'GET' })).toBe('pass');
  expect(rule('/api/get_user_settings', { method: 'POST' })).toBe('pass');
  expect(rule('/api/subscriptions_opml')).toBe('pass');
});

it("saves the reader's topics, the pills of their home beside its feed", () => {
  expect(rule('/api/get_user_topics', { method: 'POST' })).toBe('feed');
  expect(rule('/api/save_user_topics', { method: 'POST' })).toBe('pass');
});

it('saves the session check, so a signed-in reader’s saved pages open signed in offline', () => {
  expect(rule('/api/check_logged_in')).toBe('sessionCheck');
  expect(rule('/api/check_logged_in', { method: 'POST' })).toBe('pass');
});

it('tells whose a session check answer is: a reader by e-mail, or a visitor', () => {
  expect(readerOf({ name: 'Ada', email: 'ada@example.com' })).toBe('ada@example.com');
  expect(readerOf({})).toBeNull();
  expect(readerOf(undefined)).toBeNull();
});

it('saves only successes the server lets be stored', () => {
  const answer = (status: number, cacheControl?: string) =>
    new Response(null, {
      status,
      headers: cacheControl ? { 'cache-control': cacheControl } : {},
    });
  expect(maySave(answer(200))).toBe(true);
  expect(maySave(answer(200, 'no-cache'))).toBe(true);
  expect(maySave(answer(200, 'no-store'))).toBe(false);
  expect(maySave(answer(200, 'private, no-store'))).toBe(false);
  expect(maySave(answer(404))).toBe(false);
});

it('drops saved answers when a reader signs in or out', () => {
  expect(rule('/api/signin_with_email', { method: 'POST' })).toBe('session');
  expect(rule('/api/sso_google', { method: 'POST' })).toBe('session');
  expect(rule('/api/logout')).toBe('session');
});

it('keys a feed answer by its path and body', () => {
  const url = new URL('/api/discover_feed', origin);
  expect(feedCacheKey(url, '{"page":0}')).not.toBe(feedCacheKey(url, '{"page":1}'));
  expect(new URL(feedCacheKey(url, '{"page":0}')).pathname).toBe('/api/discover_feed');
});
