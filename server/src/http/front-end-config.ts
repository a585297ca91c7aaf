import { remotePackageDirs, type RemoteName } from '@blogstream/shared/contract';

/** Where a remote's build is read from, and the URL the shell loads it from. */
export interface RemoteLocation {
  dir: string;
  /** Ends with `/`: absolute (another origin) or root-relative. */
  baseUrl: string;
}

/** Where the shell's and each remote's builds are read from (front-end.ts serves them). */
export interface FrontEndConfig {
  shellDir: string;
  remotes: Record<RemoteName, RemoteLocation>;
}

/** The path each remote's build is served under by this server. */
export function remoteMountPath(remote: RemoteName): string {
  return `/mfe/${remotePackageDirs[remote]}/`;
}
