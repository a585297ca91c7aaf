import { stringify } from 'csv-stringify/sync';
import { strToU8, zipSync } from 'fflate';
import { slugify } from '../../lib/slug.js';
import { sentenceLink } from '../summaries/text/sentence-links.js';

/**
 * A reader's highlights written out (docs/decisions/0037, "Export"): one article as Markdown
 * with front matter, each highlight a quote linked to its passage on the original page with a
 * text fragment, its note beneath; every article as a zip of such files (an Obsidian vault takes
 * them as they are); and Readwise's CSV import format.
 */

export interface ExportedArticle {
  postId: number;
  title: string;
  sourceName: string;
  link: string;
  /** ISO-8601, or null when undated. */
  publishingDate: string | null;
}

export interface ExportedHighlight {
  quote: string;
  note: string;
  createdAt: string;
}

/** A quote longer than twice this many words is linked by its first and last words. */
const FRAGMENT_EDGE_WORDS = 5;

/** The original page's address with a text fragment (`#:~:text=`) that scrolls to the quote. */
export const textFragmentLink = (link: string, quote: string): string =>
  sentenceLink(link, quote, FRAGMENT_EDGE_WORDS);

/** YAML's double-quoted scalar is JSON's string, so every title and link is written safely. */
const yamlString = (value: string) => JSON.stringify(value);

export function articleMarkdown(
  article: ExportedArticle,
  highlights: readonly ExportedHighlight[],
): string {
  const frontMatter = [
    '---',
    `title: ${yamlString(article.title)}`,
    `source: ${yamlString(article.sourceName)}`,
    `link: ${yamlString(article.link)}`,
    ...(article.publishingDate ? [`date: ${article.publishingDate.slice(0, 10)}`] : []),
    '---',
  ];
  const quotes = highlights.map(({ quote, note }) => {
    const lines = quote.split('\n').map((line) => `> ${line}`);
    lines[lines.length - 1] += ` ([original](${textFragmentLink(article.link, quote)}))`;
    return [...lines, ...(note ? ['', note] : [])].join('\n');
  });
  return `${[...frontMatter, '', `# ${article.title}`, '', ...quotes.flatMap((quote) => [quote, ''])].join('\n')}`;
}

/** The file an article's Markdown is written to: its title as a slug, its id keeping names unique. */
export function markdownFileName(article: ExportedArticle): string {
  return `${slugify(article.title, { maxLength: 60, fallback: 'article' })}-${article.postId}.md`;
}

/** One Markdown file per article, zipped. */
export function markdownZip(
  articles: readonly { article: ExportedArticle; highlights: readonly ExportedHighlight[] }[],
): Uint8Array {
  return zipSync(
    Object.fromEntries(
      articles.map(({ article, highlights }) => [
        markdownFileName(article),
        strToU8(articleMarkdown(article, highlights)),
      ]),
    ),
  );
}

/** Readwise's CSV import: Highlight, Title, Author, URL, Note, Location, Date, one row a highlight. */
export function readwiseCsv(
  articles: readonly { article: ExportedArticle; highlights: readonly ExportedHighlight[] }[],
): string {
  return stringify(
    articles.flatMap(({ article, highlights }) =>
      highlights.map((highlight) => ({
        Highlight: highlight.quote,
        Title: article.title,
        Author: article.sourceName,
        URL: article.link,
        Note: highlight.note,
        Location: '',
        Date: highlight.createdAt,
      })),
    ),
    {
      header: true,
      columns: ['Highlight', 'Title', 'Author', 'URL', 'Note', 'Location', 'Date'],
    },
  );
}
