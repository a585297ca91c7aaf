import { embeddingCounts } from '../../db/article-vectors.js';
import type { Db } from '../../db/db.js';
import { activeWordModel, saveActiveWordModel } from '../../db/word-models.js';
import { consoleLog } from '../../lib/log.js';
import { addArticles, addSources, article, sourceEntry } from '../../testing/content-fixtures.js';
import { testConfig } from '../../testing/test-config.js';
import {
  describeEachDriver,
  openTestDatabase,
  type TestDatabase,
} from '../../testing/test-database.js';
import { trainModelFile } from './offline/train-artefact.js';
import type { TrainModelFile } from './own-word-model.js';
import { semanticSearchLoader } from './semantic-service.js';
import { SiteEmbedding } from './site-embedding.js';

const log = consoleLog('silent');
// A small model, trained in the test's thread, and a threshold a small corpus reaches.
const train: TrainModelFile = async (texts, cacheDir, trainedOn) =>
  trainModelFile(texts, cacheDir, trainedOn, {
    corpusDims: 8,
    minDocumentFrequency: 1,
    contrastive: { epochs: 1, batch: 16, temperature: 0.05, learningRate: 3e-4, sentencePairs: 1 },
  }).file;
const policy = { minArticles: 40, trainingArticles: 1_000 };

const SUBJECTS = [
  'postgres vacuum and table bloat',
  'kubernetes pods evicted for memory',
  'rust borrow checker and lifetimes',
  'react rendering and hooks',
  'kafka consumer lag and partitions',
];

/** `count` articles with enough text to train on, spread over the subjects. */
async function addArticlesWithText(db: Db, sourceId: number, from: number, count: number) {
  await addArticles(
    db,
    sourceId,
    Array.from({ length: count }, (_, index) => {
      const subject = SUBJECTS[(from + index) % SUBJECTS.length]!;
      const sentences = Array.from(
        { length: 6 },
        (_, n) =>
          `Part ${n} of our notes on ${subject}, measured in production week ${from + index}.`,
      );
      return article('site.example', `Notes ${from + index} on ${subject}`, from + index, {
        description: sentences.slice(0, 2).join(' '),
        content: sentences.join(' '),
      });
    }),
  );
}

describeEachDriver("the site's own word model", (driver) => {
  let database: TestDatabase;
  let sourceId: number;
  const config = testConfig();

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    sourceId = (await addSources(database.db, [sourceEntry('site', 'Site', [])])).get('site')!;
  });
  afterAll(() => database.close());

  test('below the threshold the shipped model embeds; enough articles train one of their own, used for every article', async () => {
    const { db } = database;
    await addArticlesWithText(db, sourceId, 0, 30);
    const embedding = new SiteEmbedding(db, config, log, { train, policy });

    const shipped = await embedding.run();
    expect(await activeWordModel(db)).toBeNull();
    expect(shipped.embedded).toBe(30);

    await addArticlesWithText(db, sourceId, 30, 20);
    const trained = await embedding.run();
    const own = await activeWordModel(db);
    expect(own).toMatchObject({ trainedOn: 50 });
    // The site's own model beside the shipped one, in one vector.
    expect(trained.model.model.endsWith(`+${shipped.model.model}@0.5`)).toBe(true);
    expect(await embeddingCounts(db, trained.model.model)).toEqual({ articles: 50, embedded: 50 });

    // Not again until the site has twice as many articles with text.
    await addArticlesWithText(db, sourceId, 50, 40);
    expect((await embedding.run()).model.model).toBe(trained.model.model);
    await addArticlesWithText(db, sourceId, 90, 10);
    const retrained = await embedding.run();
    expect((await activeWordModel(db))?.trainedOn).toBe(100);
    expect(retrained.model.model).not.toBe(trained.model.model);
    expect(await embeddingCounts(db, retrained.model.model)).toEqual({
      articles: 100,
      embedded: 100,
    });
  });

  test('with training off, the model the site trained stays in use and no other is trained', async () => {
    const { db } = database;
    const before = await activeWordModel(db);
    await addArticlesWithText(db, sourceId, 100, 100);
    const off = testConfig({ EMBEDDINGS_TRAIN_OWN_MODEL: 'false' });
    const { model } = await new SiteEmbedding(db, off, log, { train, policy }).run();
    expect((await activeWordModel(db))?.name).toBe(before?.name);
    expect(await embeddingCounts(db, model.model)).toEqual({ articles: 200, embedded: 200 });
  });

  test("search loads the site's new word model once it is saved, and answers with the old one meanwhile", async () => {
    const { db } = database;
    const semantic = semanticSearchLoader(config, db, log, { modelCheckMs: 0 });
    const first = await semantic();
    const texts = (await db.query<{ title: string }>('SELECT title FROM articles')).rows.map(
      (row) => `${row.title}\n${row.title} in production`,
    );
    const file = await train(texts, config.embeddings.cacheDir!, 'test');
    await saveActiveWordModel(db, { name: 'site@test', artefact: file, trainedOn: 400 });

    // The first call after the save starts loading the new model and is answered with the old.
    expect(await semantic()).toBe(first);
    let current = first;
    while (current === first) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      current = await semantic();
    }
    expect(current?.embedder.model).not.toBe(first?.embedder.model);
    expect(current?.index.model).toBe(current?.embedder.model);
  });
});
