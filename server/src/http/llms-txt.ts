/**
 * /llms.txt (llmstxt.org): what the site is and where an agent finds its API, its MCP server and
 * its public pages, in Markdown (docs/decisions/0038, "Since").
 */
import { clientPath, endpointRoutes } from '@blogstream/shared/contract';
import { MCP_PATH } from './mcp/mcp-route.js';
import type { App } from './app-type.js';
import { API_REFERENCE_PATH } from './openapi.js';

export const LLMS_TXT_PATH = '/llms.txt';

/** The file for a site named `siteName` at `publicUrl`. */
export function llmsTxt(siteName: string, publicUrl: string): string {
  const at = (path: string) => new URL(path, publicUrl).href;
  const link = (title: string, path: string, note: string) => `- [${title}](${at(path)}): ${note}`;
  return [
    `# ${siteName}`,
    '',
    '> A reader for engineering blogs: a curated archive of what engineers at companies wrote on ' +
      'their own blogs, searchable, summarised (each point linked to the sentence it comes from) ' +
      'and answerable with cited passages. Free to visitors.',
    '',
    'Every article links to the original on its blog; the site keeps its text only to search, ' +
      'summarise and quote it. Agents read the archive through the same JSON API as the site, or ' +
      'through its MCP server; both answer as to a visitor, with the same per-client limits.',
    '',
    '## API',
    '',
    link('API reference', API_REFERENCE_PATH, 'every call, who may make it, and its schemas'),
    link('OpenAPI document', endpointRoutes.openApi.path, 'OpenAPI 3.1, generated from the calls'),
    link(
      'Ask the archive',
      endpointRoutes.ask.path,
      'POST {"question": "..."}: 3-8 sentences, each citing passages [n] whose links open the ' +
        'article at the passage; `abstained` with the nearest articles when no article answers',
    ),
    link(
      'Search',
      endpointRoutes.search.path,
      'POST {"queryData": "...", "offset": 0, "limit": 20}',
    ),
    '',
    '## MCP',
    '',
    link(
      'MCP server',
      MCP_PATH,
      'streamable HTTP (stateless, POST); read-only tools `search`, `similar`, `get_article` ' +
        '(card, summary with its sources, link) and `ask`',
    ),
    '',
    '## Pages',
    '',
    link('Home', '/', 'the newest and best articles'),
    link('Search', clientPath('search', { searchQuery: 'zero downtime migration' }), 'a search'),
    link('Blogs', clientPath('sourcesHealth'), 'every blog followed and its health'),
    link('About', clientPath('about'), 'what the site is'),
    '',
    '## Optional',
    '',
    link('RSS feeds', endpointRoutes.rssFeeds.path, 'the feeds the site publishes'),
    '',
  ].join('\n');
}

export function registerLlmsTxt(app: App, siteName: string, publicUrl: string): void {
  const body = llmsTxt(siteName, publicUrl);
  app.get(LLMS_TXT_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/markdown; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(body),
  );
}
