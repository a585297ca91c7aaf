import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ThemeProvider } from 'styled-components';
import { BrowserRouter } from 'react-router-dom';
import type { AppStore } from '@blogstream/shared/store';
import { GlobalStyle, theme } from '@blogstream/shared/ui';

export interface AppProvidersProps {
  store: AppStore;
  children: ReactNode;
  /** Only the page's owner (the shell, or a remote run alone) injects the global style. */
  withGlobalStyle?: boolean;
}

/** Store, theme and router: what every React root of the site renders inside. */
export function AppProviders({ store, children, withGlobalStyle = false }: AppProvidersProps) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        {withGlobalStyle ? <GlobalStyle /> : null}
        <BrowserRouter>{children}</BrowserRouter>
      </ThemeProvider>
    </Provider>
  );
}
