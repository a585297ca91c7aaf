import type { ReactElement } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import { makeStore, type AppStore, type RootState } from '@blogstream/shared/store';
import { AppProviders } from '@blogstream/shared/mfe';

export interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  preloadedState?: Partial<RootState>;
  store?: AppStore;
  /** Path the router starts at. */
  route?: string;
}

/** Renders UI inside the same providers the site uses, with a fresh (or given) store. */
export function renderWithProviders(ui: ReactElement, options: RenderWithProvidersOptions = {}) {
  const {
    preloadedState,
    store = makeStore(preloadedState),
    route = '/',
    ...renderOptions
  } = options;
  window.history.pushState({}, '', route);
  const result = render(ui, {
    wrapper: ({ children }) => <AppProviders store={store}>{children}</AppProviders>,
    ...renderOptions,
  });
  return { store, ...result };
}
