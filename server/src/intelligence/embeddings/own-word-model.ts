import type { Db } from '../../db/db.js';
import {
  activeWordModel,
  articlesWithTextCount,
  saveActiveWordModel,
  trainingArticlesBelow,
  type SiteWordModel,
} from '../../db/word-models.js';
import type { Log } from '../../lib/log.js';
import { articleEmbeddingText, TRAINING_TEXT_LIMITS } from './article-text.js';
import { decodeModel } from './offline/artefact.js';
import { trainInWorker } from './offline/train-in-worker.js';

/**
 * The site's own word model (docs/decisions/0043): the offline word model finds the articles it
 * was trained on much better than articles of sources it never saw (bench/own-word-model.mjs), so
 * a site with enough articles of its own trains one on them, and again each time it has twice as
 * many.
 */
export const OWN_MODEL_POLICY = {
  /** Fewer articles with text than this: the shipped model, trained on 7,700, knows more. */
  minArticles: 1_000,
  /** The newest articles with text it is trained on, at most (minutes of CPU in a worker). */
  trainingArticles: 20_000,
};

/**
 * The site's own model's share of the word model's similarity; the shipped model's the rest. Set
 * before measuring, not tuned: alone, the site's own model finds its keyword and entity queries'
 * articles far better and its natural-language questions worse than the shipped one (which knows
 * more English in engineering use); beside it at equal weight no kind of query is worse than with
 * the shipped model (bench:own-word-model).
 */
export const OWN_MODEL_WEIGHT = 0.5;

/** Trains a model file from texts: in a worker thread in the product, in-thread in tests. */
export type TrainModelFile = (
  texts: readonly string[],
  cacheDir: string,
  trainedOn: string,
) => Promise<Buffer>;

/** Articles read from the database at a time while collecting the training texts. */
const PAGE = 1_000;

/** The count of articles with text when a new model is due: enough, and twice the last one's. */
export async function ownWordModelDue(db: Db, policy = OWN_MODEL_POLICY): Promise<number | null> {
  const [articles, active] = await Promise.all([articlesWithTextCount(db), activeWordModel(db)]);
  const wanted = Math.max(policy.minArticles, 2 * (active?.trainedOn ?? 0));
  return articles >= wanted ? articles : null;
}

async function trainingTexts(db: Db, limit: number): Promise<string[]> {
  const texts: string[] = [];
  for (let below = Number.MAX_SAFE_INTEGER; texts.length < limit;) {
    const rows = await trainingArticlesBelow(
      db,
      below,
      Math.min(PAGE, limit - texts.length),
      TRAINING_TEXT_LIMITS.content,
    );
    for (const row of rows) {
      texts.push(
        articleEmbeddingText({ ...row, sourceName: row.source_name }, TRAINING_TEXT_LIMITS),
      );
    }
    if (rows.length < PAGE) break;
    below = Number(rows.at(-1)!.post_id);
  }
  return texts;
}

/**
 * When a model of the site's own is due, trains it on the newest articles with text and makes it
 * the one in use (the embedding job then embeds every article again with it, newest first, and
 * web processes load it at their next check). Resolves with the new model, or null when none was
 * due.
 */
export async function trainOwnWordModelWhenDue(
  db: Db,
  cacheDir: string,
  log: Log,
  { train = trainInWorker, policy = OWN_MODEL_POLICY } = {},
): Promise<SiteWordModel | null> {
  const articles = await ownWordModelDue(db, policy);
  if (articles === null) return null;
  const texts = await trainingTexts(db, policy.trainingArticles);
  log.info({}, `Training the site's own word model on ${texts.length} of ${articles} articles`);
  const started = performance.now();
  const artefact = await train(texts, cacheDir, `this site's articles (${texts.length})`);
  // Another worker of a fleet may have saved one meanwhile (each trains when it finds one due).
  if ((await ownWordModelDue(db, policy)) === null) return null;
  const { checksum } = decodeModel(artefact);
  const model = {
    name: `site@${checksum.toString(16).padStart(8, '0')}`,
    artefact,
    trainedOn: articles,
  };
  await saveActiveWordModel(db, model);
  const seconds = (performance.now() - started) / 1000;
  log.info({}, `Trained the site's own word model ${model.name} in ${seconds.toFixed(1)} s`);
  return model;
}
