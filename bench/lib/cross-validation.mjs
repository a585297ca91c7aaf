// K-fold cross-validation of a parameter grid over judged queries: each fold's queries are
// scored with the setting that did best on the other folds, so the reported figure is what the
// tuning procedure achieves on queries it did not see. Folds are stratified by query kind.

/** Query index -> fold: the queries of each kind dealt round-robin over `folds` folds. */
export function stratifiedFolds(queries, folds) {
  const dealt = new Map();
  return queries.map((query) => {
    const seen = dealt.get(query.kind) ?? 0;
    dealt.set(query.kind, seen + 1);
    return seen % folds;
  });
}

const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;

/**
 * settings: [{ name, params, scores: number[] (one per query) }]. Returns, per fold, the setting
 * chosen on the other folds (first best on ties: list the simpler settings first), its training
 * mean and its mean on the fold; and the mean over folds of those held-out means.
 */
export function crossValidate(settings, foldOf) {
  const folds = Math.max(...foldOf) + 1;
  const results = [];
  for (let fold = 0; fold < folds; fold += 1) {
    const train = foldOf.flatMap((f, query) => (f === fold ? [] : [query]));
    const test = foldOf.flatMap((f, query) => (f === fold ? [query] : []));
    let chosen = null;
    let chosenTrain = -Infinity;
    for (const setting of settings) {
      const score = mean(train.map((query) => setting.scores[query]));
      if (score > chosenTrain + 1e-12) [chosen, chosenTrain] = [setting, score];
    }
    results.push({
      fold,
      queries: test,
      chosen,
      train: chosenTrain,
      test: mean(test.map((query) => chosen.scores[query])),
    });
  }
  return { folds: results, mean: mean(results.map((result) => result.test)) };
}
