// Renders a remote's page to HTML outside the browser, for a first view
// (docs/decisions/0021-federation-without-the-weight.md): in Node, when a remote is built (a
// static first screen) or by the server for each visitor (a first screen of data). Never part of a
// browser build: its own export, @blogstream/shared/mfe/server-first-view.
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { ServerStyleSheet, ThemeProvider } from 'styled-components';
import { FIRST_VIEW_ATTRIBUTE } from '@blogstream/shared/contract/browser';
import type { AppStore } from '@blogstream/shared/store';
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
