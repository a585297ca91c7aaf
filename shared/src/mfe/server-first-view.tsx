// Renders a remote's page to HTML outside the browser, for a first view
// (docs/decisions/0021-federation-without-the-weight.md): in Node, when a remote is built (a
// static first screen) or by the server for each visitor (a first screen of data). Never part of a
// browser build: its own export, @blogstream/shared/mfe/server-first-view.
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { ServerStyleSheet, ThemeProvider } from 'styled-components';
import { baseApi, firstViewStateOf } from '@blogstream/shared/api';
import {
  clientRoutes,
  FIRST_VIEW_ATTRIBUTE,
  matchRoute,
  type RemoteName,
  type RenderFirstView,
} from '@blogstream/shared/contract/browser';
import { checkSession, makeStore, selectLoggedIn, type AppStore } from '@blogstream/shared/store';
import { theme } from '@blogstream/shared/ui';

export interface FirstViewPage {
  /** The route's name, which marks the view (FIRST_VIEW_ATTRIBUTE). */
  name: string;
  store: AppStore;
  /** The address the page is rendered at: path and query. */
  url: string;
  children: ReactNode;
}

/**
 * A page's HTML with its styles, inside the providers every root of the site has, inert until the
 * remote mounts: its buttons would do nothing before the scripts run, so nothing in it can be
 * clicked, focused or read out twice.
 */
export function renderFirstView({ name, store, url, children }: FirstViewPage): string {
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(
      sheet.collectStyles(
        <Provider store={store}>
          <ThemeProvider theme={theme}>
            <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
          </ThemeProvider>
        </Provider>,
      ),
    );
    // A plain style element: styled-components in the browser does not take it over, and it goes
    // with the first view. Without the markers styled-components keeps for its own rehydration.
    const css = sheet.instance
      .toString()
      .replace(/^data-styled\.g\d+\[id="[^"]*"\]\{content:"[^"]*"\}\/\*!sc\*\/\n?/gm, '')
      .replace(/\/\*!sc\*\/\n?/g, '');
    return `<div ${FIRST_VIEW_ATTRIBUTE}="${name}" inert><style>${css}</style>${html}</div>`;
  } finally {
    sheet.seal();
  }
}

/** A query a first screen starts: awaited before the page renders. */
interface FirstScreenLoad {
  unwrap(): Promise<unknown>;
}

/**
 * The queries of a route's first screen, started on the store before the page renders
 * (rendering to a string runs no effects, so a page's own hooks would only show their loaders).
 * The same arguments the page's hooks use, so the page finds the answers in its store.
 */
export type FirstScreen = (store: AppStore, pathname: string, search: string) => FirstScreenLoad[];

/**
 * For a page only a signed-in reader has (the home feed): the session check, asked as the person
 * whose page it is, puts the reader in the store as the shell's own check does in the browser, so
 * the view draws what the remote's first render will. Anyone else gets no first view of it.
 */
function readerSession(store: AppStore): FirstScreenLoad {
  const checked = checkSession(store).then(() => {
    if (selectLoggedIn(store.getState()) !== true) throw new Error('Not a signed-in reader');
  });
  return { unwrap: () => checked };
}

export interface FirstViewRendererOptions {
  /** The remote whose routes it renders. */
  owner: RemoteName;
  /** Route name -> the queries of its first screen; other routes get no first view. */
  firstScreens: Record<string, FirstScreen>;
  /** The remote's root, which routes the address to its page. */
  root: ReactNode;
}

/**
 * A remote's `render` for its `first-view/renderer.cjs`: the first view of the page at `url`
 * (path and query) with the answers of the API asked through `callApi`, and those answers for the
 * page's store; undefined for a page without one, or when a call it needs fails (the remote then
 * loads the page as it would without a first view).
 */
export function createFirstViewRenderer({
  owner,
  firstScreens,
  root,
}: FirstViewRendererOptions): RenderFirstView {
  return async (url, callApi) => {
    const { pathname, search } = new URL(url, 'http://first-view.invalid');
    const route = clientRoutes.find(
      (candidate) => candidate.owner === owner && matchRoute(candidate.pattern, pathname),
    );
    const firstScreen = route ? firstScreens[route.name] : undefined;
    if (!route || !firstScreen) return undefined;
    const store = makeStore(undefined, { transport: callApi });
    try {
      const loads = firstScreen(store, pathname, search);
      if (loads.length === 0) return undefined;
      // Asked at once with the page's own queries: nothing waits for another answer.
      if (route.audience === 'signedIn') loads.push(readerSession(store));
      const answered = await Promise.all(loads.map((load) => load.unwrap())).then(
        () => true,
        () => false,
      );
      if (!answered) return undefined;
      const html = renderFirstView({
        name: route.name,
        store,
        url: pathname + search,
        children: root,
      });
      return {
        html,
        state: firstViewStateOf(baseApi.reducerPath, store.getState()[baseApi.reducerPath]),
      };
    } finally {
      // Clears the cache's removal timers, which would keep this store alive for a minute.
      store.dispatch(baseApi.util.resetApiState());
    }
  };
}
