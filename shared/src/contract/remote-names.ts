/** Module Federation container names: plain identifiers, equal to the manifest keys. */
export const remoteNames = ['mfe_feed', 'mfe_account', 'mfe_sources', 'mfe_static'] as const;
export type RemoteName = (typeof remoteNames)[number];

/** The package folder each remote is built from (and its default path under /mfe/). */
export const remotePackageDirs: Record<RemoteName, string> = {
  mfe_feed: 'mfe-feed',
  mfe_account: 'mfe-account',
  mfe_sources: 'mfe-sources',
  mfe_static: 'mfe-static',
};
