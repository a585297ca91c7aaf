// The two calls the shell makes of the Module Federation runtime, answered without federation:
// each remote's ./app module is a lazy chunk of one ordinary build, so the bench can measure the
// same pages as a single-page app with route-level code splitting.
const apps = {
  mfe_feed: () => import('../../mfe-feed/src/mfe-feed.ts'),
  mfe_account: () => import('../../mfe-account/src/mfe-account.ts'),
  mfe_sources: () => import('../../mfe-sources/src/mfe-sources.ts'),
  mfe_static: () => import('../../mfe-static/src/mfe-static.ts'),
};

export function registerRemotes() {}

export function loadRemote(id) {
  const load = apps[id.split('/')[0]];
  if (!load) throw new Error(`No remote for ${id}`);
  return load();
}
