import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { baseApi, type StoreTransport } from '@blogstream/shared/api';
import { sessionSlice } from './session-slice.js';
import { uiSlice } from './ui-slice.js';

/**
 * The root reducer: the slices shared owns and the RTK Query api, into which remotes inject their
 * endpoints (`baseApi.injectEndpoints`). Remotes keep no slices of their own
 * (docs/decisions/0004-one-store-for-many-remotes.md).
 */
const rootReducer = combineSlices(sessionSlice, uiSlice, baseApi);

export type RootState = ReturnType<typeof rootReducer>;

/**
 * Builds a store. The composed site calls this once, in the shell; a remote run alone, too; a
 * first view rendered on the server, with a `transport` of its own (`StoreTransport`).
 */
export function makeStore(preloadedState?: Partial<RootState>, { transport }: StoreTransport = {}) {
  const extraArgument: StoreTransport = { transport };
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument } }).concat(baseApi.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
