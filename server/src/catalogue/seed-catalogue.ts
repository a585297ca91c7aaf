import type { Db } from '../db/db.js';
import { upsertSources, type UpsertCounts } from '../db/sources.js';
import { readCatalogue } from './catalogue.js';

/** Upserts the shipped catalogue into sources; running it again changes nothing. */
export async function seedCatalogue(db: Db): Promise<UpsertCounts> {
  return upsertSources(db, await readCatalogue(), 'catalogue');
}
