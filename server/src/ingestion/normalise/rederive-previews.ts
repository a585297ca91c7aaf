import { storedPreviews, storePreviews } from '../../db/article-previews.js';
import type { Db } from '../../db/db.js';
import { recordedPreviewRules, recordPreviewRules } from '../../db/settings.js';
import { keysetBatches } from '../../lib/keyset-batches.js';
import type { Log } from '../../lib/log.js';
import { choosePreview, PREVIEW_RULES_VERSION } from './preview.js';

const BATCH = 1_000;
/** A preview comes from the first paragraphs of a text: its opening is enough to derive it. */
const OPENING_CHARACTERS = 6_000;

/**
 * Derives the stored previews again once the preview rules change (PREVIEW_RULES_VERSION): each
 * from the stored preview (the author's summary, as the crawler chose it) and the opening of the
 * stored text, as ingestion derives a new article's. Runs at a worker's start and after each
 * crawl; a no-op once the current rules are recorded. Returns how many previews changed.
 */
export async function rederiveStoredPreviews(db: Db, log: Log): Promise<number> {
  if ((await recordedPreviewRules(db)) === PREVIEW_RULES_VERSION) return 0;
  let changed = 0;
  const batches = keysetBatches(
    (afterPostId, limit) =>
      storedPreviews(db, { afterPostId, limit, openingCharacters: OPENING_CHARACTERS }),
    (article) => article.post_id,
    BATCH,
  );
  for await (const batch of batches) {
    const previews = batch
      .map((article) => ({
        postId: article.post_id,
        before: article.description,
        description: choosePreview(article.title, article.description, article.opening),
      }))
      .filter((preview) => preview.description !== preview.before);
    await storePreviews(db, previews);
    changed += previews.length;
  }
  await recordPreviewRules(db, PREVIEW_RULES_VERSION);
  if (changed > 0) log.info({ changed }, `Previews derived again for ${changed} articles`);
  return changed;
}
