import type { MfeManifest } from '@blogstream/shared/contract';
import { remoteNames, type RemoteName } from '@blogstream/shared/contract/browser';

function isUsableRemote(name: string, value: unknown): boolean {
  if (!remoteNames.includes(name as RemoteName)) return false;
  const entry = (value as { entry?: unknown } | null)?.entry;
  return typeof entry === 'string' && entry.length > 0;
}

/**
 * The server answers only a manifest that passed `mfeManifestSchema`; the shell checks what it
 * relies on by hand, so the validation library stays off the first load.
 */
function asManifest(body: unknown): MfeManifest {
  const remotes = (body as { remotes?: unknown } | null)?.remotes;
  if (typeof remotes !== 'object' || remotes === null)
    throw new Error('The manifest has no remotes');
  for (const [name, value] of Object.entries(remotes)) {
    if (!isUsableRemote(name, value)) throw new Error(`The manifest's remote ${name} is unusable`);
  }
  return { remotes } as MfeManifest;
}

/** Fetches where the remotes live right now; never cached, so a redeploy is picked up at once. */
export async function fetchManifest(url = '/mfe-manifest.json'): Promise<MfeManifest> {
  const response = await fetch(url, { cache: 'no-store', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`Could not load ${url}: HTTP ${response.status}`);
  return asManifest(await response.json());
}
