import { fetchManifest } from './manifest';

function answer(body: unknown, status = 200) {
  global.fetch = jest.fn().mockResolvedValue({
    ok: status >= 200 && status < 300,
    status,
    json: () => Promise.resolve(body),
  });
}

describe('the remotes manifest', () => {
  it('is fetched without caching and validated', async () => {
    answer({ remotes: { mfe_feed: { entry: 'https://cdn.example/mfe-feed/remoteEntry.js' } } });
    const manifest = await fetchManifest();
    expect(manifest.remotes.mfe_feed?.entry).toBe('https://cdn.example/mfe-feed/remoteEntry.js');
    expect(global.fetch).toHaveBeenCalledWith(
      '/mfe-manifest.json',
      expect.objectContaining({ cache: 'no-store' }),
    );
  });

  it('refuses a manifest naming an unknown remote', async () => {
    answer({ remotes: { 'mfe-feed': { entry: '/x.js' } } });
    await expect(fetchManifest()).rejects.toThrow();
  });

  it('refuses a manifest whose remote has no entry', async () => {
    answer({ remotes: { mfe_feed: { entry: '' } } });
    await expect(fetchManifest()).rejects.toThrow();
  });

  it('reports an HTTP failure', async () => {
    answer({}, 503);
    await expect(fetchManifest()).rejects.toThrow('HTTP 503');
  });
});
