import { clientRoutes, matchRoute, type RemoteName } from '@blogstream/shared/contract/browser';
import type { LoggedIn } from '@blogstream/shared/store';

/**
 * Whether `remote` owns `pathname` for a reader in this session state. Routes kept for one
 * audience (the home feed and the landing page share `/`) stay inactive while the session is
 * unknown, so the wrong page never flashes.
 */
export function isRemoteActive(remote: RemoteName, pathname: string, loggedIn: LoggedIn): boolean {
  return clientRoutes.some((route) => {
    if (route.owner !== remote || !matchRoute(route.pattern, pathname)) return false;
    if (route.audience === undefined) return true;
    if (loggedIn === 'unknown') return false;
    return route.audience === (loggedIn ? 'signedIn' : 'signedOut');
  });
}
