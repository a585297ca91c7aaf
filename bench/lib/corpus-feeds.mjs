import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sharedData } from './paths.mjs';

/** A feed holds at most this many items (the crawler reads no more of one feed). */
const ITEMS_PER_FEED = 500;

const escapeXml = (text) =>
  text.replace(/[&<>"]/g, (character) => `&#${character.codePointAt(0)};`);

function rss(title, articles) {
  const items = articles.map(
    (article) =>
      `<item><title>${escapeXml(article.title)}</title><link>${escapeXml(article.link)}</link>` +
      `<description>${escapeXml(article.description)}</description>` +
      (article.content ? `<content:encoded>${escapeXml(article.content)}</content:encoded>` : '') +
      (article.published_at
        ? `<pubDate>${new Date(article.published_at).toUTCString()}</pubDate>`
        : '') +
      '</item>',
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>' +
    `<title>${escapeXml(title)}</title><link>https://example.org/</link><description>corpus</description>` +
    `${items.join('')}</channel></rss>`
  );
}

/** The 69 raw feed files of the shared corpus: [{ name, body }]. */
export function rawFeeds() {
  const dir = join(sharedData, 'feeds');
  return readdirSync(dir)
    .filter((file) => file.endsWith('.xml'))
    .map((file) => ({ name: file.replace(/\.xml$/, ''), body: readFileSync(join(dir, file)) }));
}

/**
 * The whole article corpus (articles.jsonl) as one RSS feed per source, larger sources split
 * into feeds of 500 items: [{ name, body, articles }].
 */
export function corpusFeeds() {
  const bySource = new Map();
  for (const line of readFileSync(join(sharedData, 'articles.jsonl'), 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const article = JSON.parse(line);
    const list = bySource.get(article.source_url_name) ?? [];
    list.push(article);
    bySource.set(article.source_url_name, list);
  }
  return [...bySource].flatMap(([source, articles]) => {
    const parts = Math.ceil(articles.length / ITEMS_PER_FEED);
    return Array.from({ length: parts }, (_, part) => {
      const slice = articles.slice(part * ITEMS_PER_FEED, (part + 1) * ITEMS_PER_FEED);
      const name = parts > 1 ? `${source}-part-${part + 1}` : source;
      return { name, body: Buffer.from(rss(name, slice)), articles: slice.length };
    });
  });
}

/**
 * `count` generated feeds of `itemsPerFeed` items each, as a crawler meets them on many blogs:
 * the items take their text from the article corpus in turn and each feed has its own site, so
 * every item is a distinct article. [{ name, body, articles }].
 */
export function generatedFeeds(count = 1000, itemsPerFeed = 20) {
  const corpus = readFileSync(join(sharedData, 'articles.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line));
  return Array.from({ length: count }, (_, feed) => {
    const name = `generated-${String(feed + 1).padStart(4, '0')}`;
    const articles = Array.from({ length: itemsPerFeed }, (_, item) => {
      const article = corpus[(feed * itemsPerFeed + item) % corpus.length];
      return { ...article, link: `https://${name}.example/posts/${item + 1}` };
    });
    return { name, body: Buffer.from(rss(name, articles)), articles: articles.length };
  });
}
