import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { TOPICS } from '@blogstream/shared/lib';
import type { SourceEntry } from '../../db/sources.js';
import { serverPackageDir } from '../../paths.js';
import { URL_NAME_PATTERN } from '../../lib/slug.js';

/** The curated catalogue shipped with the product (docs/CONTENT.md says how it was made). */
const catalogueFile = join(serverPackageDir, 'data', 'catalogue.json');

const httpUrl = z.url({ protocol: /^https?$/ });

const catalogueEntrySchema = z.object({
  url_name: z.string().regex(URL_NAME_PATTERN),
  name: z.string().trim().min(1).max(200),
  long_name: z.string().trim().min(1).max(200),
  site_url: httpUrl.nullable(),
  feed_url: httpUrl,
  category: z.enum(['company', 'individual', 'product']),
  source_type: z.enum(['blog', 'aggregator']),
  topics: z.array(z.enum(TOPICS)).min(1),
});

const catalogueSchema = z.array(catalogueEntrySchema);

export async function readCatalogue(file = catalogueFile): Promise<SourceEntry[]> {
  return catalogueSchema.parse(JSON.parse(await readFile(file, 'utf8')));
}
