import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router-dom';
import {
  clientRoutes,
  type ClientRouteNameOf,
  type RemoteName,
} from '@blogstream/shared/contract/browser';

/** The page of every route `remote` owns, by route name: leaving one out fails the type check. */
export type RoutePages<R extends RemoteName> = Record<ClientRouteNameOf<R>, ReactElement>;

export interface RemoteRoutesProps<R extends RemoteName> {
  remote: R;
  pages: RoutePages<R>;
}

/**
 * A remote's `<Routes>`, one per row the contract's route table gives it (no path is written
 * twice); on the routes of other remotes it renders nothing.
 */
export function RemoteRoutes<R extends RemoteName>({ remote, pages }: RemoteRoutesProps<R>) {
  const pageByName: Record<string, ReactElement> = pages;
  return (
    <Routes>
      {clientRoutes
        .filter((route) => route.owner === remote)
        .map((route) => (
          <Route key={route.name} path={route.pattern} element={pageByName[route.name]} />
        ))}
      <Route path="*" element={null} />
    </Routes>
  );
}
