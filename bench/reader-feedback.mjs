#!/usr/bin/env node
// The reader bench (docs/decisions/0036-steerable-feed.md): simulated readers with known
// interests (bench/data/reader-interests.mjs, labelled blind from titles and descriptions) on the
// whole shared corpus, crawled and embedded by the product on the embedded database. Each reader
// saves the catalogue topics of their interests (two, or one for the last reader) and follows the
// corpus's biggest blog, as a new reader might. Printed:
// - nDCG@20 of the home feed against the reader's interests (an article about one of them is
//   relevant) after scrolling PAGES_SCROLLED pages asking "more like this" of the cards about their
//   interests and "less like this" of one card about neither per page; beside the feed of a twin
//   reader with no feedback, and that twin's pool newest first (its first POOL_DEPTH cards by date,
//   less those the source cap placed from its reserve);
// - the share of the next 50 cards about an interest after one "less like this" on a card about
//   it (the interest most cards of the first page are about), beside the twin's next 50;
// - the largest share of one blog in the first 50 cards;
// - per reader, the card asked less of: its title, its topics as the product gave them (decision
//   0031) and its interests by the bench's labels, and how many of the next 50 cards about the
//   pushed interest carry its catalogue topic in the product and how many only the bench's label
//   (after the less and, in brackets, unsteered): what a push by topic can reach.
//   npm run build -w shared && npm run build -w server && npm run bench:reader-feedback -w bench
import { INTERESTS, interestsOf, READERS } from './data/reader-interests.mjs';
import { corpusDatabase } from './lib/corpus-database.mjs';
import { ndcgAt } from './lib/ir-metrics.mjs';
import { requireBuilt } from './lib/paths.mjs';
import { record } from './lib/results.mjs';
import { freePort, startServer } from './lib/server-process.mjs';
import { ApiClient, createReader } from './lib/api-client.mjs';

const PAGE = 12;
const PAGES_SCROLLED = 4;
/** "More like this" on at most this many cards of a page; "less like this" on one. */
const MORE_PER_PAGE = 3;
const POOL_DEPTH = 300;
const K = 20;
const NEXT = 50;
/** The reason of a card the source cap placed from beyond the reader's topics and follows. */
const RESERVE_REASON = 'Another blog, so no one fills your feed';

const page = (client, offset, limit = PAGE) =>
  client.postJson('/api/discover_feed', { queryData: null, offset, limit });

/** The blog with the most articles among the newest POOL_DEPTH * 5 of everyone's feed. */
async function biggestBlog(client) {
  const counts = new Map();
  for (let offset = 0; offset < POOL_DEPTH * 5; offset += 50) {
    for (const card of await page(client, offset, 50)) {
      counts.set(card.source_url_name, (counts.get(card.source_url_name) ?? 0) + 1);
    }
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0][0];
}

/**
 * Each reader's accounts sign up from an address of their own (the server trusts the bench as its
 * proxy), keeping within the sign-up limit per address.
 */
const BENCH_ENV = { TRUST_PROXY: '127.0.0.1' };

async function newReader(origin, interests, followed, address) {
  const { client } = await createReader(origin, 'reader-feedback', {
    headers: { 'x-forwarded-for': address },
  });
  await client.postJson('/api/save_user_topics', {
    topics: interests.map((name) => INTERESTS[name].topic),
  });
  await client.postJson('/api/follow_source', { sourceId: followed });
  return client;
}

const about = (card, interests) => interestsOf(card).some((name) => interests.includes(name));

/** Scrolls PAGES_SCROLLED pages, asking more of the cards about `interests`, less of one other. */
async function scrollGivingFeedback(client, interests) {
  for (let number = 0; number < PAGES_SCROLLED; number += 1) {
    const cards = await page(client, number * PAGE);
    const liked = cards.filter((card) => about(card, interests)).slice(0, MORE_PER_PAGE);
    const disliked = cards.find(
      (card) => interestsOf(card).length === 0 || !about(card, interests),
    );
    for (const card of liked) {
      await client.postJson('/api/article_feedback', { postId: card.post_id, feedback: 'more' });
    }
    if (disliked) {
      await client.postJson('/api/article_feedback', {
        postId: disliked.post_id,
        feedback: 'less',
      });
    }
  }
}

const ndcg = (cards, relevant) =>
  ndcgAt(
    cards.map((card) => card.link),
    relevant,
    K,
  );

function largestBlogShare(cards) {
  const counts = new Map();
  for (const card of cards)
    counts.set(card.source_url_name, (counts.get(card.source_url_name) ?? 0) + 1);
  return Math.max(...counts.values()) / cards.length;
}

const aboutInterest = (cards, interest) =>
  cards.filter((card) => interestsOf(card).includes(interest));

const shareAbout = (cards, interest) => aboutInterest(cards, interest).length / cards.length;

/**
 * Of `cards` about `interest` by the bench's label, how many carry its catalogue topic in the
 * product (decision 0031) and how many the label alone.
 */
function byProductTopic(cards, interest) {
  const labelled = aboutInterest(cards, interest);
  const tagged = labelled.filter((card) => card.topics.includes(INTERESTS[interest].topic)).length;
  return { tagged, labelOnly: labelled.length - tagged };
}

/** The interest most cards of `cards` are about. */
function commonestInterest(cards) {
  const counts = new Map();
  for (const card of cards) {
    for (const name of interestsOf(card)) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;

async function oneReader(origin, interests, followed, address) {
  const steered = await newReader(origin, interests, followed, address);
  const twin = await newReader(origin, interests, followed, address);
  // The twin's pool, deep: what is relevant, and the newest-first baseline of the same articles.
  const pool = [];
  for (let offset = 0; offset < POOL_DEPTH; offset += 50) {
    const cards = await page(twin, offset, 50);
    pool.push(...cards);
    if (cards.length < 50) break;
  }
  const relevant = pool
    .filter((card) => about(card, interests))
    .map((card) => ({ link: card.link, grade: 1 }));
  // Newest first is the audience's own articles by date: the source cap's reserve (articles beyond
  // the reader's topics and follows, each saying so) is part of the ranking, not of the baseline.
  const newestFirst = pool
    .filter((card) => !card.why?.includes(RESERVE_REASON))
    .sort((a, b) => (b.publishing_date ?? '').localeCompare(a.publishing_date ?? ''));
  await scrollGivingFeedback(steered, interests);
  const withFeedback = await page(steered, 0, 50);

  // One "less like this" on the interest most of a first page is about, in a new scroll of the
  // twin (whose first scroll had none).
  const first = await page(twin, 0);
  const topic = commonestInterest(first);
  const target = first.find((card) => interestsOf(card).includes(topic));
  await twin.postJson('/api/article_feedback', { postId: target.post_id, feedback: 'less' });
  const nextAfterLess = await page(twin, PAGE, NEXT);
  const nextUnsteered = pool.slice(PAGE, PAGE + NEXT);

  return {
    interests,
    ndcgFeedback: ndcg(withFeedback, relevant),
    ndcgNoFeedback: ndcg(pool, relevant),
    ndcgNewest: ndcg(newestFirst, relevant),
    topic,
    shareAfterLess: shareAbout(nextAfterLess, topic),
    shareUnsteered: shareAbout(nextUnsteered, topic),
    blogShare: largestBlogShare(pool.slice(0, NEXT)),
    disliked: {
      title: target.title,
      blog: target.source_url_name,
      topics: target.topics,
      interests: interestsOf(target),
      after: byProductTopic(nextAfterLess, topic),
      unsteered: byProductTopic(nextUnsteered, topic),
    },
  };
}

requireBuilt();
const corpus = await corpusDatabase('reader-feedback', BENCH_ENV);
let server;
try {
  server = await startServer(corpus.env, await freePort());
  const { origin } = server;
  const visitor = await new ApiClient(origin).start();
  const blog = await biggestBlog(visitor);
  const { source_id: followed } = await visitor.postJson('/api/source_info', {
    sourceUrlName: blog,
  });
  const rows = [];
  for (const [index, interests] of READERS.entries()) {
    rows.push(await oneReader(origin, interests, followed, `198.51.100.${index + 1}`));
  }

  const percent = (value) => `${(value * 100).toFixed(1)} %`.padStart(8);
  console.info(
    `Reader bench: ${corpus.crawl.newArticles} articles, ${READERS.length} readers with one or ` +
      `two interests, following ${blog} (the biggest blog); feedback over ${PAGES_SCROLLED} pages of ${PAGE}`,
  );
  console.info(
    'interests                   nDCG@20 feedback  none  newest   less-on     next 50  unsteered  top blog in 50',
  );
  for (const row of rows) {
    console.info(
      `${row.interests.join(' + ').padEnd(28)}${row.ndcgFeedback.toFixed(3).padStart(9)}` +
        `${row.ndcgNoFeedback.toFixed(3).padStart(8)}${row.ndcgNewest.toFixed(3).padStart(8)}` +
        `   ${row.topic.padEnd(14)}${percent(row.shareAfterLess)}${percent(row.shareUnsteered)}` +
        `${percent(row.blogShare)}`,
    );
  }
  console.info(
    `\nThe card asked less of, and the next ${NEXT} cards about its interest: with its topic in ` +
      'the product / by the bench label only (unsteered in brackets)',
  );
  for (const { topic, disliked } of rows) {
    const { after, unsteered } = disliked;
    console.info(
      `${topic.padEnd(16)}"${disliked.title}" (${disliked.blog})\n${''.padEnd(16)}product topics: ` +
        `${disliked.topics.join(', ') || 'none'}; bench labels: ${disliked.interests.join(', ')}; ` +
        `next ${NEXT}: ${after.tagged} with ${INTERESTS[topic].topic} / ${after.labelOnly} label only ` +
        `(${unsteered.tagged} / ${unsteered.labelOnly})`,
    );
  }
  console.info('');
  const feedback = mean(rows.map((row) => row.ndcgFeedback));
  const none = mean(rows.map((row) => row.ndcgNoFeedback));
  const newest = mean(rows.map((row) => row.ndcgNewest));
  const afterLess = mean(rows.map((row) => row.shareAfterLess));
  const unsteered = mean(rows.map((row) => row.shareUnsteered));
  const blogShare = Math.max(...rows.map((row) => row.blogShare));
  console.info(
    `mean nDCG@20: ${feedback.toFixed(3)} with feedback, ${none.toFixed(3)} without, ` +
      `${newest.toFixed(3)} newest first (${percent(feedback / newest - 1).trim()} over newest first); ` +
      `after one less like this ${percent(afterLess).trim()} of the next ${NEXT} against ` +
      `${percent(unsteered).trim()} (cut ${percent(1 - afterLess / unsteered).trim()}); ` +
      `largest share of one blog in the first ${NEXT}: ${percent(blogShare).trim()}`,
  );
  const bench = 'reader feedback';
  record([
    {
      bench,
      figure: 'nDCG@20, feedback',
      value: feedback,
      unit: '',
      reference: 'newest first',
      referenceValue: newest,
    },
    {
      bench,
      figure: 'nDCG@20, feedback',
      value: feedback,
      unit: '',
      reference: 'no feedback',
      referenceValue: none,
    },
    {
      bench,
      figure: `share of a topic in the next ${NEXT} after one less like this`,
      value: afterLess,
      unit: '',
      reference: 'no feedback',
      referenceValue: unsteered,
    },
    { bench, figure: `largest share of one blog in the first ${NEXT}`, value: blogShare, unit: '' },
  ]);
} finally {
  await server?.stop();
  corpus.remove();
}
