/** Characters of each field that go into an article's embedding text. */
export const ARTICLE_TEXT_LIMITS = { title: 300, description: 1_000, content: 1_000 } as const;

function clip(value: string | null | undefined, limit: number): string {
  const text = (value ?? '').replace(/\s+/g, ' ').trim();
  if (text.length <= limit) return text;
  // Cut at a word boundary so no half word becomes a token.
  const cut = text.slice(0, limit);
  const space = cut.lastIndexOf(' ');
  return space > limit * 0.8 ? cut.slice(0, space) : cut;
}

/** Training reads more of each article (a larger vocabulary) than embedding does. */
export const TRAINING_TEXT_LIMITS = { title: 300, description: 1_000, content: 6_000 } as const;

/**
 * The text an article is embedded from: title, description and the start of the content, one per
 * line (the embedder treats the first line as the title). Capped, so a 6,000-character body does
 * not drown its title and the cost per article stays bounded. The source's name leads the title
 * line: readers search for "netflix video encoding" and the article rarely names its own blog
 * (measured: +0.03 nDCG@10 for vector search on the development queries, docs/decisions/0011).
 */
export function articleEmbeddingText(
  article: {
    title: string | null | undefined;
    description?: string | null | undefined;
    content?: string | null | undefined;
    sourceName?: string | null | undefined;
  },
  limits: { title: number; description: number; content: number } = ARTICLE_TEXT_LIMITS,
): string {
  const title = clip(article.title, limits.title);
  return [
    article.sourceName ? `${clip(article.sourceName, 100)}: ${title}` : title,
    clip(article.description, limits.description),
    clip(article.content, limits.content),
  ].join('\n');
}
