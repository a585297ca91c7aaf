// mfe-static's first view of data: the landing page with its two demo cards, rendered by the
// server for a visitor who lands on `/`, with the answer of the server's own API
// (docs/decisions/0021-federation-without-the-weight.md). Built for Node beside the remote
// (dist/first-view/renderer.cjs). The build's static landing page (landing-first-view.tsx) is
// the page's first view when this one fails or takes too long.
import { createFirstViewRenderer } from '@blogstream/shared/mfe/server-first-view';
import { demoApi } from './features/landing/landing-api';
import { Root } from './root';

export const render = createFirstViewRenderer({
  owner: 'mfe_static',
  root: <Root />,
  firstScreens: {
    landing: (store) => [store.dispatch(demoApi.endpoints.digDeeperArticles.initiate())],
  },
});
