import type { Db } from '../../db/db.js';
import {
  deleteUnusedImportedSources,
  sourceAddresses,
  unusedImportedSources,
  upsertSources,
  type UpsertCounts,
} from '../../db/sources.js';
import { readCatalogue } from './catalogue.js';
import { KnownSources } from './known-sources.js';

export interface SeedReport extends UpsertCounts {
  /** OPML copies of catalogue sources removed (see removeImportedCopies). */
  copiesRemoved: number;
}

/**
 * Removes sources an OPML import made of blogs the catalogue has (same feed or site, as the
 * import now matches them) while they are unused: no article (the catalogue source owns every
 * link they could store) and no follower. Running it again removes nothing more.
 */
export async function removeImportedCopies(db: Db): Promise<number> {
  const catalogue = new KnownSources(
    (await sourceAddresses(db)).filter((source) => source.origin === 'catalogue'),
  );
  const copies = (await unusedImportedSources(db)).filter((source) => catalogue.has(source));
  return deleteUnusedImportedSources(
    db,
    copies.map((source) => source.source_id),
  );
}

/** Upserts the shipped catalogue into sources, then removes imported copies of it; idempotent. */
export async function seedCatalogue(db: Db): Promise<SeedReport> {
  const counts = await upsertSources(db, await readCatalogue(), 'catalogue');
  return { ...counts, copiesRemoved: await removeImportedCopies(db) };
}
