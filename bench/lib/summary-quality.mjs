// Checks of the offline summariser over every article with text, as stored (no page is fetched):
// how many get a summary, and whether any bullet repeats the card preview (the description), the
// bullets are the article's first sentences (a lead, not a summary), or one lacks its source.

/** Text reduced for comparing sentences: lower case, letters and digits, single spaces. */
const normaliseForComparison = (text) =>
  String(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Shorter texts are often the preview again, or one or two sentences: nothing to summarise. */
const SUBSTANTIAL_TEXT = 500;

export async function summaryChecks(server, articles) {
  const { summariseOffline } = await server('intelligence/summaries/offline-summariser.js');
  const { repeatsPreview } = await server('intelligence/summaries/text/preview-overlap.js');
  const { sentencesOf, textUnits } = await server('intelligence/summaries/text/sentences.js');
  const withText = articles.filter((article) => article.content.trim() !== '');
  const longEnough = withText.filter((article) => article.content.length >= SUBSTANTIAL_TEXT);
  let summarisedLong = 0;
  let summarised = 0;
  let repeating = 0;
  let lead = 0;
  let unsourced = 0;
  const started = performance.now();
  for (const article of withText) {
    const summary = summariseOffline(article.title, article.content, article.description);
    if (!summary) continue;
    summarised += 1;
    if (article.content.length >= SUBSTANTIAL_TEXT) summarisedLong += 1;
    if (summary.bullet_points.some((bullet) => repeatsPreview(bullet, article.description))) {
      repeating += 1;
    }
    const firstSentences = sentencesOf(textUnits(article.content))
      .slice(0, summary.bullet_points.length)
      .map((sentence) => normaliseForComparison(sentence.text));
    const sources = summary.bullet_sources ?? [];
    if (sources.map(normaliseForComparison).join('\n') === firstSentences.join('\n')) lead += 1;
    const text = normaliseForComparison(article.content);
    if (
      sources.length !== summary.bullet_points.length ||
      sources.some((source) => !text.includes(normaliseForComparison(source)))
    ) {
      unsourced += 1;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const share = (count) => count / Math.max(1, summarised);
  console.info(
    `\nOffline summaries of the ${withText.length} articles with text (stored text only, no page ` +
      `fetched), ${((seconds * 1000) / Math.max(1, withText.length)).toFixed(1)} ms each:\n` +
      `  with a summary ${summarised} (${((summarised / withText.length) * 100).toFixed(1)} %); ` +
      `of the ${longEnough.length} with ${SUBSTANTIAL_TEXT}+ characters ${summarisedLong} ` +
      `(${((summarisedLong / longEnough.length) * 100).toFixed(1)} %)\n` +
      `  a bullet repeats the preview ${repeating} (${(share(repeating) * 100).toFixed(1)} %)\n` +
      `  bullets are the first sentences ${lead} (${(share(lead) * 100).toFixed(1)} %)\n` +
      `  a bullet without its source sentence in the text ${unsourced}`,
  );
  const bench = `offline summaries (${withText.length} articles with text)`;
  return [
    { bench, figure: 'share with a summary', value: summarised / withText.length, unit: '' },
    {
      bench,
      figure: `share with a summary, text of ${SUBSTANTIAL_TEXT}+ characters`,
      value: summarisedLong / longEnough.length,
      unit: '',
    },
    { bench, figure: 'share whose bullets repeat the preview', value: share(repeating), unit: '' },
    { bench, figure: 'share whose bullets are the lead sentences', value: share(lead), unit: '' },
    { bench, figure: 'summaries with an unsourced bullet', value: unsourced, unit: 'count' },
  ];
}
