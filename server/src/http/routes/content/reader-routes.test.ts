import {
  articleHighlightsSchema,
  articleTextSchema,
  highlightSchema,
  highlightsResponseSchema,
  type AddHighlightRequest,
  type ReaderBlock,
} from '@blogstream/shared/contract';
import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import { readingText, selectorOf } from '@blogstream/shared/lib';
import {
  describeEachDriver,
  readError,
  type TestReader,
} from '../../../testing/accounts-harness.js';
import {
  addArticles,
  addSources,
  article,
  sourceEntry,
} from '../../../testing/content-fixtures.js';
import { routeTestSite } from '../../../testing/route-test-site.js';

const CONTENT = [
  'Retries need a budget, or they multiply load when a service is already struggling.',
  'How the budget works',
  'Their retry budget is 10 % of the requests, and a client that runs out waits.',
  '- one budget per client',
  '- counted over ten seconds',
].join('\n');
const QUOTE = 'retry budget is 10 %';
/** An article's structure as the crawler keeps it from its HTML (ingestion/sanitise/article-blocks). */
const BLOCKS: ReaderBlock[] = [
  { kind: 'heading', level: 3, text: 'Taking from the budget' },
  { kind: 'image', src: 'https://cdn.sre.example/budget.png', alt: 'Tokens over time' },
  { kind: 'code', text: 'if !budget.take() {\n    return Err(Exhausted);\n}' },
  { kind: 'quote', text: 'Their retry budget is 10 %.' },
];

describeEachDriver('reader view and highlights', (driver) => {
  let reader: TestReader;
  let other: TestReader;
  let postId: number;
  let emptyPostId: number;
  let text: string;

  const postIdOf = async (title: string) =>
    Number(
      (
        await site.db.query<{ post_id: number }>('SELECT post_id FROM articles WHERE title = $1', [
          title,
        ])
      ).rows[0]!.post_id,
    );

  /** A highlight of `quote` as the reader view sends it. */
  const highlightOf = (quote: string, note?: string): AddHighlightRequest => {
    const start = text.indexOf(quote);
    return { postId, selector: selectorOf(text, start, start + quote.length), note };
  };

  const refused = async (who: TestReader, path: string, body: unknown) => {
    const response = await who.client.post(path, body);
    return { status: response.status, reason: (await readError(response)).reason };
  };

  const site = routeTestSite(driver, {
    seed: async (db) => {
      const sources = await addSources(db, [sourceEntry('sre-notes', 'SRE notes', [])]);
      await addArticles(db, sources.get('sre-notes')!, [
        article('sre.example', 'Retry budgets', 2, { content: CONTENT }),
        article('sre.example', 'A link without text', 3),
        article('sre.example', 'Retry budgets in code', 4, {
          content: 'Taking from the budget\nTheir retry budget is 10 %.',
          blocks: BLOCKS,
        }),
      ]);
      postId = await postIdOf('Retry budgets');
      emptyPostId = await postIdOf('A link without text');
    },
  });

  beforeAll(async () => {
    [reader, other] = [await site.signIn(), await site.signIn()];
  });

  test('anyone gets the stored text as blocks with the article and its reading time', async () => {
    const visitor = await site.server.client();
    const answer = articleTextSchema.parse(
      await visitor.postJson('/api/get_article_text', { postId }),
    );
    expect(answer.article.title).toBe('Retry budgets');
    expect(answer.reading_minutes).toBe(1);
    expect(answer.blocks.map((block) => block.kind)).toEqual([
      'paragraph',
      'heading',
      'paragraph',
      'list_item',
      'list_item',
    ]);
    expect(answer.blocks[3]).toEqual({ kind: 'list_item', text: 'one budget per client' });
    text = readingText(answer.blocks);
  });

  test('an article whose structure the crawler kept is served as its blocks, a highlight in its code counted in their text', async () => {
    const structuredPostId = await postIdOf('Retry budgets in code');
    const visitor = await site.server.client();
    const answer = articleTextSchema.parse(
      await visitor.postJson('/api/get_article_text', { postId: structuredPostId }),
    );
    expect(answer.blocks).toEqual(BLOCKS);

    const codeText = readingText(BLOCKS);
    const start = codeText.indexOf('budget.take()');
    const added = highlightSchema.parse(
      await reader.client.postJson('/api/add_highlight', {
        postId: structuredPostId,
        selector: selectorOf(codeText, start, start + 'budget.take()'.length),
      }),
    );
    expect(added.placement).toEqual({ start, end: start + 'budget.take()'.length });
    await reader.client.postJson('/api/delete_highlight', { highlightId: added.highlight_id });
  });

  test('an article without stored text has no blocks; an unknown one is 404', async () => {
    const visitor = await site.server.client();
    const answer = articleTextSchema.parse(
      await visitor.postJson('/api/get_article_text', { postId: emptyPostId }),
    );
    expect(answer).toMatchObject({ blocks: [], reading_minutes: 0 });
    const missing = await visitor.post('/api/get_article_text', { postId: 999_999 });
    expect(missing.status).toBe(404);
  });

  test('a highlight with a note is stored, placed, listed and private to its reader', async () => {
    const added = highlightSchema.parse(
      await reader.client.postJson('/api/add_highlight', highlightOf(QUOTE, ' Quote in the doc ')),
    );
    expect(added).toMatchObject({
      note: 'Quote in the doc',
      placement: { start: text.indexOf(QUOTE) },
    });
    const mine = articleHighlightsSchema.parse(
      await reader.client.postJson('/api/get_article_highlights', { postId }),
    );
    expect(mine.map((highlight) => highlight.selector.quote.exact)).toEqual([QUOTE]);
    const theirs = articleHighlightsSchema.parse(
      await other.client.postJson('/api/get_article_highlights', { postId }),
    );
    expect(theirs).toEqual([]);
    // Another reader can neither change nor delete it.
    const { highlight_id: highlightId } = added;
    expect(
      await refused(other, '/api/save_highlight_note', { highlightId, note: 'mine now' }),
    ).toEqual({ status: 404, reason: 'NOT_FOUND' });
    expect(await refused(other, '/api/delete_highlight', { highlightId })).toEqual({
      status: 404,
      reason: 'NOT_FOUND',
    });
    const visitor = await site.server.client();
    expect((await visitor.post('/api/get_article_highlights', { postId })).status).toBe(401);
  });

  test('a re-crawled text moves the highlight with its words; a removed passage leaves it orphaned', async () => {
    const added = highlightSchema.parse(
      await reader.client.postJson(
        '/api/add_highlight',
        highlightOf('a client that runs out waits'),
      ),
    );
    const setContent = (content: string) =>
      site.db.query('UPDATE articles SET content = $2 WHERE post_id = $1', [postId, content]);
    await setContent(`Updated in May.\n${CONTENT.replace('that runs out', 'which runs out')}`);
    const moved = articleHighlightsSchema.parse(
      await reader.client.postJson('/api/get_article_highlights', { postId }),
    );
    const newText = readingText(
      articleTextSchema.parse(await reader.client.postJson('/api/get_article_text', { postId }))
        .blocks,
    );
    const placedQuotes = moved.map(
      ({ placement }) => placement && newText.slice(placement.start, placement.end),
    );
    expect(placedQuotes).toEqual([QUOTE, 'a client which runs out waits']);

    await setContent(CONTENT.split('\n').slice(0, 2).join('\n'));
    const orphaned = articleHighlightsSchema.parse(
      await reader.client.postJson('/api/get_article_highlights', { postId }),
    );
    expect(orphaned.map(({ placement }) => placement)).toEqual([null, null]);
    expect(orphaned.map(({ highlight_id: id }) => id)).toContain(added.highlight_id);
    await setContent(CONTENT);
  });

  test('bad input is refused with a reason and stores nothing', async () => {
    const before = (
      await reader.client.postJson<unknown[]>('/api/get_highlights', {
        offset: 0,
        limit: 50,
      })
    ).length;
    const good = highlightOf('Their retry budget');
    const mismatch = {
      ...good,
      selector: {
        ...good.selector,
        quote: { ...good.selector.quote, exact: 'Their rerty budget' },
      },
    };
    expect(await refused(reader, '/api/add_highlight', mismatch)).toEqual({
      status: 422,
      reason: 'SELECTOR_MISMATCH',
    });
    const beyondTheText = {
      ...good,
      selector: { ...good.selector, position: { ...good.selector.position, end: text.length + 5 } },
    };
    expect((await refused(reader, '/api/add_highlight', beyondTheText)).status).toBe(422);
    const hugeNote = await refused(reader, '/api/add_highlight', {
      ...good,
      note: 'x'.repeat(1_000_000),
    });
    expect([400, 413]).toContain(hugeNote.status);
    expect(['VALIDATION_FAILED', 'PAYLOAD_TOO_LARGE']).toContain(hugeNote.reason);
    expect(await refused(reader, '/api/add_highlight', { ...good, postId: 999_999 })).toEqual({
      status: 404,
      reason: 'NOT_FOUND',
    });
    const after = await reader.client.postJson<unknown[]>('/api/get_highlights', {
      offset: 0,
      limit: 50,
    });
    expect(after).toHaveLength(before);
  });

  test('the highlights page finds highlights by quote, note or title across articles', async () => {
    await reader.client.postJson(
      '/api/add_highlight',
      highlightOf('one budget per client', 'per-client 50%_'),
    );
    const find = async (query: string) =>
      highlightsResponseSchema
        .parse(await reader.client.postJson('/api/get_highlights', { query, offset: 0, limit: 50 }))
        .map((highlight) => highlight.selector.quote.exact);
    expect(await find('ONE BUDGET')).toEqual(['one budget per client']);
    expect(await find('50%_')).toEqual(['one budget per client']);
    expect(await find('50%x')).toEqual([]);
    expect((await find('retry budgets')).length).toBeGreaterThanOrEqual(3);
    const [newest] = highlightsResponseSchema.parse(
      await reader.client.postJson('/api/get_highlights', { offset: 0, limit: 1 }),
    );
    expect(newest!.article).toMatchObject({ title: 'Retry budgets', source_name: 'SRE notes' });
  });

  test('a note is changed, and a deleted highlight is gone', async () => {
    const added = highlightSchema.parse(
      await reader.client.postJson('/api/add_highlight', highlightOf('How the budget works')),
    );
    const changed = highlightSchema.parse(
      await reader.client.postJson('/api/save_highlight_note', {
        highlightId: added.highlight_id,
        note: 'heading',
      }),
    );
    expect(changed.note).toBe('heading');
    await reader.client.postJson('/api/delete_highlight', { highlightId: added.highlight_id });
    const left = articleHighlightsSchema.parse(
      await reader.client.postJson('/api/get_article_highlights', { postId }),
    );
    expect(left.map(({ highlight_id: id }) => id)).not.toContain(added.highlight_id);
  });

  test('the reader exports one article as Markdown, everything as a zip and as Readwise CSV, and only their own', async () => {
    await other.client.postJson(
      '/api/add_highlight',
      highlightOf('Retries need a budget', 'not yours'),
    );
    const markdown = await reader.client.get(`/api/highlights_markdown/${postId}`);
    expect(markdown.status).toBe(200);
    expect(markdown.headers.get('content-type')).toMatch(/^text\/markdown/);
    expect(markdown.headers.get('content-disposition')).toBe(
      `attachment; filename="retry-budgets-${postId}.md"`,
    );
    const text = await markdown.text();
    expect(text).toMatch(
      /^---\ntitle: "Retry budgets"\nsource: "SRE notes"\nlink: "https:\/\/sre\.example\/posts\/\d+"\ndate: \d{4}-\d\d-\d\d\n---\n/,
    );
    expect(text).toContain('> retry budget is 10 % ([original](https://sre.example/posts/');
    expect(text).toContain('#:~:text=retry%20budget%20is%2010%20%25))\n\nQuote in the doc');
    expect(text).not.toContain('not yours');

    const zip = await reader.client.get('/api/highlights_markdown_zip');
    expect(zip.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(Object.keys(files)).toEqual([`retry-budgets-${postId}.md`]);
    expect(strFromU8(files[`retry-budgets-${postId}.md`]!)).toBe(text);

    const csv = await reader.client.get('/api/highlights_readwise_csv');
    const rows = parse(await csv.text(), { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row.Highlight).sort()).toEqual(
      (
        await reader.client.postJson<{ selector: { quote: { exact: string } } }[]>(
          '/api/get_article_highlights',
          { postId },
        )
      )
        .map((highlight) => highlight.selector.quote.exact)
        .sort(),
    );
    expect(rows[0]).toMatchObject({ Title: 'Retry budgets', Author: 'SRE notes' });

    const visitor = await site.server.client();
    expect((await visitor.get('/api/highlights_readwise_csv')).status).toBe(401);
    expect((await reader.client.get('/api/highlights_markdown/999999')).status).toBe(404);
  });
});
