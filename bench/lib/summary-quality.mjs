// Checks of the offline summaries and the card previews over the corpus, as an editor reads them
// (lib/editorial-checks.mjs): coverage, code in bullets, bullets that lean on a sentence the
// summary leaves out, bullets that are not the article's sentences, key concepts the article is
// not about; previews that open on a byline or page chrome. Every figure is given for the two
// halves of the corpus split by source, so rules fitted to one half show as a gap.
import {
  chromeOpening,
  comparable,
  isSubjectTerm,
  isVerbatimSentence,
  opensOnUnresolvedReference,
  readsAsCode,
} from './editorial-checks.mjs';

/** Articles with this much text must get a summary. */
export const SUMMARISABLE_TEXT = 1500;

/** FNV-1a of a source's name: its place in the split, the same on every run. */
function sourceHash(name) {
  let hash = 0x811c9dc5;
  for (const character of name) {
    hash ^= character.codePointAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export const HALVES = ['tuning', 'held-out'];

/**
 * Each source, with all its articles, in the tuning or the held-out half: sources in the order
 * of their hash, each to the half with fewer articles of 1,500+ characters so far (the halves
 * then weigh about the same). A Map of source name to half.
 */
export function splitBySource(articles) {
  const long = new Map();
  for (const { source, content } of articles) {
    long.set(source, (long.get(source) ?? 0) + (content.length >= SUMMARISABLE_TEXT ? 1 : 0));
  }
  const weight = { tuning: 0, 'held-out': 0 };
  const halves = new Map();
  for (const source of [...long.keys()].sort((a, b) => sourceHash(a) - sourceHash(b))) {
    const half = weight.tuning <= weight['held-out'] ? 'tuning' : 'held-out';
    halves.set(source, half);
    weight[half] += long.get(source);
  }
  return halves;
}

/** The checks of one article's offline summary (null: no summary). */
function summaryVerdict(article, summary, { repeatsPreview, sentencesOf, textUnits }) {
  if (!summary) return null;
  const { bullet_points: bullets, key_concepts: concepts, bullet_sources: sources } = summary;
  const firstSentences = sentencesOf(textUnits(article.content))
    .slice(0, bullets.length)
    .map((sentence) => comparable(sentence.text));
  return {
    bullets: bullets.length,
    codeBullets: bullets.filter(readsAsCode),
    unresolved: bullets.filter(opensOnUnresolvedReference),
    notVerbatim: bullets.filter((bullet) => !isVerbatimSentence(bullet, article.content)),
    concepts: concepts.length,
    offSubject: concepts.filter(
      (concept) => !isSubjectTerm(concept, article.title, article.content),
    ),
    repeatsPreview: bullets.some((bullet) => repeatsPreview(bullet, article.description)),
    lead: sources.map(comparable).join('\n') === firstSentences.join('\n'),
  };
}

const percent = (part, whole) => `${((part / Math.max(1, whole)) * 100).toFixed(1)} %`;

/**
 * Summarises every article with `SUMMARISABLE_TEXT` characters of text (its stored text only, no
 * page fetched) and prints the checks per half; returns the figures and the summaries.
 */
export async function summaryChecks(server, articles, halves) {
  const { summariseOffline } = await server('intelligence/summaries/offline-summariser.js');
  const helpers = {
    ...(await server('intelligence/summaries/text/preview-overlap.js')),
    ...(await server('intelligence/summaries/text/sentences.js')),
  };
  const long = articles.filter((article) => article.content.length >= SUMMARISABLE_TEXT);
  const started = performance.now();
  const verdicts = long.map((article) => {
    const summary = summariseOffline(article.title, article.content, article.description);
    return { article, summary, verdict: summaryVerdict(article, summary, helpers) };
  });
  const msEach = (performance.now() - started) / Math.max(1, long.length);
  console.info(
    `\nOffline summaries of the ${long.length} articles with ${SUMMARISABLE_TEXT}+ characters of ` +
      `text (stored text, no page fetched), ${msEach.toFixed(1)} ms each:`,
  );
  const figures = [];
  for (const half of HALVES) {
    const ofHalf = verdicts.filter(({ article }) => halves.get(article.source) === half);
    const made = ofHalf.map(({ verdict }) => verdict).filter(Boolean);
    const sum = (pick) => made.reduce((total, verdict) => total + pick(verdict), 0);
    const bullets = sum((verdict) => verdict.bullets);
    const concepts = sum((verdict) => verdict.concepts);
    const values = {
      coverage: made.length / Math.max(1, ofHalf.length),
      codeBullets: sum((verdict) => verdict.codeBullets.length),
      unresolved: sum((verdict) => verdict.unresolved.length) / Math.max(1, bullets),
      notVerbatim: sum((verdict) => verdict.notVerbatim.length),
      subjectConcepts: 1 - sum((verdict) => verdict.offSubject.length) / Math.max(1, concepts),
      repeatsPreview: sum((verdict) => (verdict.repeatsPreview ? 1 : 0)) / Math.max(1, made.length),
      lead: sum((verdict) => (verdict.lead ? 1 : 0)) / Math.max(1, made.length),
    };
    console.info(
      `  ${half} half: ${made.length} of ${ofHalf.length} summarised (coverage ` +
        `${values.coverage.toFixed(3)}); ${bullets} bullets: ${values.codeBullets} read as code, ` +
        `${percent(values.unresolved * bullets, bullets)} open on an unresolved reference, ` +
        `${values.notVerbatim} not a sentence of the article; key concepts in the title or used ` +
        `twice ${percent(values.subjectConcepts * concepts, concepts)} of ${concepts}; a bullet ` +
        `repeats the preview in ${percent(values.repeatsPreview * made.length, made.length)}; ` +
        `the lead sentences in ${percent(values.lead * made.length, made.length)}`,
    );
    const bench = `offline summaries, ${half} half (${ofHalf.length} articles of ${SUMMARISABLE_TEXT}+ characters)`;
    figures.push(
      { bench, figure: 'coverage', value: values.coverage, unit: '' },
      { bench, figure: 'bullets that read as code', value: values.codeBullets, unit: 'count' },
      {
        bench,
        figure: 'share of bullets opening on an unresolved reference',
        value: values.unresolved,
        unit: '',
      },
      {
        bench,
        figure: 'bullets not a sentence of the article',
        value: values.notVerbatim,
        unit: 'count',
      },
      {
        bench,
        figure: 'share of key concepts in the title or used twice',
        value: values.subjectConcepts,
        unit: '',
      },
      {
        bench,
        figure: 'share whose bullets repeat the preview',
        value: values.repeatsPreview,
        unit: '',
      },
    );
  }
  const faults = verdicts.filter(({ verdict }) => verdict);
  const shown = (label, pick) => {
    const found = faults.flatMap(({ article, verdict }) =>
      pick(verdict).map((text) => `    [${article.source}] ${text.slice(0, 160)}`),
    );
    if (found.length === 0) return;
    console.info(`  ${label} (${found.length}, first 8):\n${found.slice(0, 8).join('\n')}`);
  };
  shown('bullets that read as code', (verdict) => verdict.codeBullets);
  shown('bullets opening on an unresolved reference', (verdict) => verdict.unresolved);
  shown('bullets not a sentence of the article', (verdict) => verdict.notVerbatim);
  shown('key concepts not in the title nor used twice', (verdict) => verdict.offSubject);
  return { figures, summaries: verdicts.filter(({ summary }) => summary) };
}

/** Counts the previews that open on a byline or page chrome, per half and per kind. */
export function previewChecks(articles, halves) {
  const withPreview = articles.filter((article) => article.description.trim() !== '');
  console.info(`\nCard previews of the ${withPreview.length} articles with one:`);
  const figures = [];
  for (const half of HALVES) {
    const ofHalf = withPreview.filter((article) => halves.get(article.source) === half);
    const chrome = ofHalf
      .map((article) => ({ article, kind: chromeOpening(article.description) }))
      .filter(({ kind }) => kind);
    const kinds = new Map();
    for (const { kind } of chrome) kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    console.info(
      `  ${half} half: ${chrome.length} of ${ofHalf.length} open on a byline or page chrome` +
        (kinds.size
          ? ` (${[...kinds].map(([kind, count]) => `${kind} ${count}`).join(', ')})`
          : ''),
    );
    for (const { article, kind } of chrome.slice(0, 10)) {
      console.info(`    ${kind} [${article.source}] ${article.description.slice(0, 140)}`);
    }
    figures.push({
      bench: `card previews, ${half} half (${ofHalf.length} articles)`,
      figure: 'previews opening on a byline or page chrome',
      value: chrome.length,
      unit: 'count',
    });
  }
  return figures;
}
