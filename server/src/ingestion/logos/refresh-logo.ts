import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ClaimedSource } from '../../db/crawl-state.js';
import type { Db } from '../../db/db.js';
import { recordLogoCheck } from '../../db/sources.js';
import type { FetchClient } from '../fetch/run-fetcher.js';
import { decodeText } from '../parse/decode-text.js';
import { iconCandidates } from './find-icons.js';
import { rasterImageType } from './image-type.js';

const MAX_PAGE_BYTES = 1024 * 1024;
const MAX_ICON_BYTES = 256 * 1024;
const MAX_ICONS_TRIED = 3;
/** A site's icon is looked for again after this long. */
const LOGO_RECHECK_MS = 30 * 24 * 60 * 60 * 1000;

export interface RefreshLogoDeps {
  db: Db;
  fetcher: FetchClient;
  logoDir: string;
  signal?: AbortSignal;
}

export function isLogoDue(source: Pick<ClaimedSource, 'site_url' | 'logo_checked_at'>): boolean {
  if (!source.site_url) return false;
  const checked = source.logo_checked_at && new Date(source.logo_checked_at).getTime();
  return !checked || Date.now() - checked > LOGO_RECHECK_MS;
}

async function fetchIcon(
  source: ClaimedSource,
  deps: RefreshLogoDeps,
): Promise<{ bytes: Buffer; extension: string } | undefined> {
  const page = await deps.fetcher.fetch({
    url: source.site_url!,
    accept: 'text/html,application/xhtml+xml',
    maxBytes: MAX_PAGE_BYTES,
    signal: deps.signal,
  });
  if (page.status !== 'ok') return undefined;
  const html = decodeText(page.body, page.contentType);
  for (const url of iconCandidates(html, page.url).slice(0, MAX_ICONS_TRIED)) {
    const icon = await deps.fetcher
      .fetch({ url, accept: 'image/*', maxBytes: MAX_ICON_BYTES, signal: deps.signal })
      .catch(() => undefined);
    const extension = icon?.status === 'ok' ? rasterImageType(icon.body) : undefined;
    if (icon?.status === 'ok' && extension) return { bytes: icon.body, extension };
  }
  return undefined;
}

async function storeIcon(
  urlName: string,
  icon: { bytes: Buffer; extension: string },
  logoDir: string,
): Promise<string> {
  const logoFile = `${urlName}.${icon.extension}`;
  await mkdir(logoDir, { recursive: true });
  const temporary = join(logoDir, `.${logoFile}.${process.pid}.tmp`);
  await writeFile(temporary, icon.bytes);
  await rename(temporary, join(logoDir, logoFile));
  return logoFile;
}

/**
 * Looks for the site's icon and, when one is found, stores it as DATA_DIR/logos/<url_name>.<ext>
 * and points the source at it. Any failure keeps the monogram; a site never makes this throw.
 */
export async function refreshLogo(source: ClaimedSource, deps: RefreshLogoDeps): Promise<void> {
  const icon = await fetchIcon(source, deps).catch(() => undefined);
  if (deps.signal?.aborted) return; // shutting down: look again next time
  const logoFile = icon
    ? await storeIcon(source.url_name, icon, deps.logoDir).catch(() => null)
    : null;
  await recordLogoCheck(deps.db, source.source_id, logoFile);
}
