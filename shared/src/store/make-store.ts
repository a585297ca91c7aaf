import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { baseApi, type StoreTransport } from '@blogstream/shared/api';
import { sessionSlice } from './session-slice.js';
import { uiSlice } from './ui-slice.js';

/**
 * Slices that remotes inject. A remote declares its slice here by module augmentation:
 * `declare module '@blogstream/shared/store' { interface LazyLoadedSlices extends WithSlice<typeof feedSlice> {} }`
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

/**
 * The root reducer: static slices owned by shared, plus slices that remotes inject when they
 * load (`rootReducer.inject(slice)` / `slice.injectInto(rootReducer)`).
 */
export const rootReducer = combineSlices(
  sessionSlice,
  uiSlice,
  baseApi,
).withLazyLoadedSlices<LazyLoadedSlices>();

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
