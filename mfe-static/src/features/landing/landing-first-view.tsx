// The landing page's static first view: rendered to HTML when the remote is built
// (config/first-views.mjs), written to dist/first-view/landing.html. The server puts it into the
// page it answers a visitor at `/` when the renderer of the page with its demo cards
// (static-first-view.tsx) has none, so the page still paints before any script has run. The
// remote's first render replaces it (React empties a root's container on its first commit).
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
