// The server renders these in Node; rendering to a string never touches the DOM either way.
import type { FirstViewState } from '@blogstream/shared/api';
import { articleFixture, fakeFirstViewApi } from '@blogstream/shared/testing';
import { render } from './static-first-view';

const demos = [
  articleFixture(1, 'How we cut our build times in half'),
  articleFixture(2, 'Scaling Postgres to a billion rows'),
];

describe("mfe-static's first view of data", () => {
  it('draws the landing page with its two demo cards, from the call the page makes', async () => {
    const api = fakeFirstViewApi(() => ({ status: 200, data: demos }));

    const view = await render('/', api.transport);

    expect(api.calls).toEqual([
      { url: '/dig_deeper_article', method: 'POST', body: { n_articles: 2 } },
    ]);
    expect(view?.html).toMatch(/^<div data-first-view="landing" inert><style>/);
    expect(view?.html).toContain('Start Reading');
    expect(view?.html).toContain('AI summaries');
    expect(view?.html).toContain('How we cut our build times in half');
    expect(view?.html).toContain('Scaling Postgres to a billion rows');
    // The page's store takes the answer under the key the demo's query looks it up by.
    const queries = Object.keys((view?.state as FirstViewState | undefined)?.api?.queries ?? {});
    expect(queries).toEqual(['digDeeperArticles(undefined)']);
  });

  it('draws nothing for a page without data, or when the call fails', async () => {
    const answering = fakeFirstViewApi(() => ({ status: 200, data: demos }));
    expect(await render('/about', answering.transport)).toBeUndefined();
    expect(answering.calls).toEqual([]);

    const failing = fakeFirstViewApi(() => ({
      status: 503,
      data: { reason: 'SERVICE_UNAVAILABLE' },
    }));
    expect(await render('/', failing.transport)).toBeUndefined();
  });
});
