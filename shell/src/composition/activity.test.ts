import { isRemoteActive } from './activity';

describe('which remote owns a path', () => {
  it('gives / to the home feed when signed in and to the landing page when signed out', () => {
    expect(isRemoteActive('mfe_feed', '/', true)).toBe(true);
    expect(isRemoteActive('mfe_static', '/', true)).toBe(false);
    expect(isRemoteActive('mfe_static', '/', false)).toBe(true);
    expect(isRemoteActive('mfe_feed', '/', false)).toBe(false);
  });

  it('shows neither home nor landing while the session is unknown', () => {
    expect(isRemoteActive('mfe_feed', '/', 'unknown')).toBe(false);
    expect(isRemoteActive('mfe_static', '/', 'unknown')).toBe(false);
  });

  it('activates audience-free routes at once', () => {
    expect(isRemoteActive('mfe_feed', '/search', 'unknown')).toBe(true);
    expect(isRemoteActive('mfe_sources', '/source-feed/source/netflix', false)).toBe(true);
    expect(isRemoteActive('mfe_sources', '/source-feed/42', false)).toBe(true);
    expect(isRemoteActive('mfe_account', '/reset-password/abc', false)).toBe(true);
    expect(isRemoteActive('mfe_static', '/blog/some-post', false)).toBe(true);
  });

  it('activates no remote for a path nobody owns', () => {
    for (const remote of ['mfe_feed', 'mfe_account', 'mfe_sources', 'mfe_static'] as const) {
      expect(isRemoteActive(remote, '/no-such-page', true)).toBe(false);
    }
  });
});
