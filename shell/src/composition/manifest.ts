import { mfeManifestSchema, type MfeManifest } from '@blogstream/shared/contract';

/** Fetches where the remotes live right now; never cached, so a redeploy is picked up at once. */
export async function fetchManifest(url = '/mfe-manifest.json'): Promise<MfeManifest> {
  const response = await fetch(url, { cache: 'no-store', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`Could not load ${url}: HTTP ${response.status}`);
  return mfeManifestSchema.parse(await response.json());
}
