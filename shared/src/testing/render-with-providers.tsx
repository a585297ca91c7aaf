import type { ReactElement } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import type { UserData } from '@blogstream/shared/contract';
import {
  makeStore,
  signedIn,
  signedOut,
  type AppStore,
  type RootState,
} from '@blogstream/shared/store';
import { AppProviders } from '@blogstream/shared/mfe';
import { mockApi, type MockHandlers } from './mock-api.js';

export interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  preloadedState?: Partial<RootState>;
  store?: AppStore;
  /** Path the router starts at. */
  route?: string;
  /** Who uses the page: a signed-in reader, or null for a visitor; left out, nobody knows yet. */
  reader?: UserData | null;
}

/** Renders UI inside the same providers the site uses, with a fresh (or given) store. */
export function renderWithProviders(ui: ReactElement, options: RenderWithProvidersOptions = {}) {
  const {
    preloadedState,
    store = makeStore(preloadedState),
    route = '/',
    reader,
    ...renderOptions
  } = options;
  if (reader !== undefined) store.dispatch(reader ? signedIn({ user: reader }) : signedOut());
  window.history.pushState({}, '', route);
  const result = render(ui, {
    wrapper: ({ children }) => <AppProviders store={store}>{children}</AppProviders>,
    ...renderOptions,
  });
  return { store, ...result };
}

/**
 * A remote's page as its tests open it: `root` rendered as renderWithProviders does, over an API
 * answered by `api` (none: every call answers 404). The calls it got are in the result's
 * `api.calls`; the test set-up (config/jest.setup.ts) takes the mock away after each test.
 */
export function renderPage(
  root: ReactElement,
  { api: handlers = {}, ...options }: RenderWithProvidersOptions & { api?: MockHandlers },
) {
  const api = mockApi(handlers);
  return { api, ...renderWithProviders(root, options) };
}
