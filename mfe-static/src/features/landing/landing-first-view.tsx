// The landing page's first view: rendered to HTML when the remote is built (config/webpack.mjs,
// createFirstViewsWebpackConfig), written to dist/first-view/landing.html, and put by the server
// into the page it answers a visitor at `/`, so the page paints before any script has run. The
// remote's first render replaces it (React empties a root's container on its first commit).
// Static on purpose: nothing in the first screen of the landing page depends on data (the demo
// articles load later, as in the browser).
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { ServerStyleSheet, ThemeProvider } from 'styled-components';
import { makeStore } from '@blogstream/shared/store';
import { theme } from '@blogstream/shared/ui';
import { LandingPage } from './landing-page';

/** What the first view is marked with: the shell removes it where no remote takes it over. */
export const FIRST_VIEW_ATTRIBUTE = 'data-first-view';

/**
 * The landing page's HTML with its styles, inert until the remote mounts: its buttons would do
 * nothing before the scripts run, so nothing in it can be clicked, focused or read out twice.
 */
export function render(): string {
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(
      sheet.collectStyles(
        <Provider store={makeStore()}>
          <ThemeProvider theme={theme}>
            <MemoryRouter initialEntries={['/']}>
              <LandingPage />
            </MemoryRouter>
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
    return `<div ${FIRST_VIEW_ATTRIBUTE}="landing" inert><style>${css}</style>${html}</div>`;
  } finally {
    sheet.seal();
  }
}
