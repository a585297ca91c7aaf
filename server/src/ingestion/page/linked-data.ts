import type { DomDocument } from './readable-article.js';

/** Bounds on what a page's JSON-LD may make us walk. */
const MAX_NODES = 500;
const MAX_DEPTH = 8;

type JsonObject = Record<string, unknown>;

/** What a page's JSON-LD says about its article, as written, best candidates first. */
export interface LinkedDataFacts {
  datesPublished: string[];
  images: string[];
}

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const strings = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter(
    (item): item is string => typeof item === 'string',
  );

/** "BlogPosting", "schema:NewsArticle", "https://schema.org/TechArticle" and the like. */
function isArticle(node: JsonObject): boolean {
  return strings(node['@type']).some((type) => /(?:Article|Posting)$/.test(type));
}

/** Every object in the page's JSON-LD scripts, in document order: @graph and nested ones too. */
function linkedDataNodes(document: DomDocument): JsonObject[] {
  const nodes: JsonObject[] = [];
  const walk = (value: unknown, depth: number) => {
    if (nodes.length >= MAX_NODES || depth > MAX_DEPTH) return;
    if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1);
    } else if (isObject(value)) {
      nodes.push(value);
      for (const child of Object.values(value)) walk(child, depth + 1);
    }
  };
  for (const script of Array.from(document.querySelectorAll('script[type]'))) {
    const type = script.getAttribute('type')?.split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/ld+json') continue;
    try {
      walk(JSON.parse(script.textContent ?? ''), 0);
    } catch {
      // Broken JSON-LD is common (trailing commas, raw newlines): the page's other data may do.
    }
  }
  return nodes;
}

/**
 * The URLs an image value names: a URL, an ImageObject (url or contentUrl), a reference to one
 * elsewhere in the graph ({"@id": ...}, as Yoast writes it), or a list of these.
 */
function imageUrls(value: unknown, byId: Map<string, JsonObject>): string[] {
  return (Array.isArray(value) ? value : [value]).flatMap((item): string[] => {
    if (typeof item === 'string') return [item];
    if (!isObject(item)) return [];
    const image =
      typeof item['@id'] === 'string' && !item.url && !item.contentUrl
        ? byId.get(item['@id'])
        : item;
    return image ? [...strings(image.url), ...strings(image.contentUrl)] : [];
  });
}

/**
 * The publishing dates and images the page's JSON-LD gives its article (BlogPosting,
 * NewsArticle, TechArticle...). Dates of other nodes (a WebPage's) come after the article's.
 */
export function linkedDataFacts(document: DomDocument): LinkedDataFacts {
  const nodes = linkedDataNodes(document);
  const byId = new Map<string, JsonObject>();
  for (const node of nodes) {
    const id = node['@id'];
    // A reference ({"@id": ...} alone) may come before the node it names.
    const described = Object.keys(node).length > 1;
    if (typeof id === 'string' && described && !byId.has(id)) byId.set(id, node);
  }
  const articles = nodes.filter(isArticle);
  const others = nodes.filter((node) => !isArticle(node));
  return {
    datesPublished: [...articles, ...others].flatMap((node) => strings(node.datePublished)),
    images: articles.flatMap((node) => [
      ...imageUrls(node.image, byId),
      ...strings(node.thumbnailUrl),
    ]),
  };
}
