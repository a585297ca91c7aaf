// The landing page's first view: rendered to HTML when the remote is built (config/webpack.mjs,
// createFirstViewsWebpackConfig), written to dist/first-view/landing.html, and put by the server
// into the page it answers a visitor at `/`, so the page paints before any script has run. The
// remote's first render replaces it (React empties a root's container on its first commit).
// Static on purpose: nothing in the first screen of the landing page depends on data (the demo
// articles load later, as in the browser).
import { renderFirstView } from '@blogstream/shared/mfe/server-first-view';
import { makeStore } from '@blogstream/shared/store';
import { LandingPage } from './landing-page';

export function render(): string {
  return renderFirstView({
    name: 'landing',
    store: makeStore(),
    url: '/',
    children: <LandingPage />,
  });
}
