import { createAction } from '@reduxjs/toolkit';

/** What RTK Query takes as rehydration: the api slice's answered queries and their tags. */
export interface FirstViewApiState {
  queries: Record<string, unknown>;
  mutations: Record<string, never>;
  provided: unknown;
}

/** The API answers a first view was rendered from, by the api's reducer path. */
export type FirstViewState = Record<string, FirstViewApiState>;

/**
 * Puts the answers a server-rendered first view was rendered from into the page's store (RTK
 * Query's rehydration, `extractRehydrationInfo` in base-api.ts), before the remote that shows
 * them mounts: its first render then has the data and draws what the first view drew.
 */
export const firstViewStateAdopted = createAction<FirstViewState>('firstView/stateAdopted');

/** The answered queries of a store's api slice, as a first view's state to send with it. */
export function firstViewStateOf(
  reducerPath: string,
  apiState: { queries: Record<string, { status?: string } | undefined>; provided: unknown },
): FirstViewState {
  const queries = Object.fromEntries(
    Object.entries(apiState.queries).filter(([, entry]) => entry?.status === 'fulfilled'),
  );
  return { [reducerPath]: { queries, mutations: {}, provided: apiState.provided } };
}
