import { screen, waitFor } from '@testing-library/react';
import { clientPath } from '@blogstream/shared/contract/browser';
import {
  makeStore,
  selectUserHasUnseenSubscriptions,
  unseenSubscriptionsChecked,
} from '@blogstream/shared/store';
import { readerFixture, renderPage } from '@blogstream/shared/testing';
import { Root } from './root';

// Each page's behaviour is tested beside it (features/*/*-page.test.tsx).

describe('the routes mfe-sources owns', () => {
  it.each([
    [clientPath('subscriptionsArticles'), 'Articles'],
    [clientPath('subscriptionsSources'), 'Sources'],
  ])('opens the subscriptions screen on its tab at %s', async (route, tab) => {
    const store = makeStore();
    store.dispatch(unseenSubscriptionsChecked(true));
    renderPage(<Root />, {
      route,
      store,
      reader: readerFixture(),
      api: { 'POST /update_subscriptions_seen': () => ({ data: { ok: true } }) },
    });
    expect(screen.getByRole('heading', { name: 'Subscriptions' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    // Opening the screen marks subscriptions seen; the test ends once that has settled.
    await waitFor(() => expect(selectUserHasUnseenSubscriptions(store.getState())).toBe(false));
  });

  it.each([
    [clientPath('sourceById', { sourceId: 4 }), { sourceId: 4 }],
    [clientPath('sourceByUrlName', { sourceUrlName: 'netflix' }), { sourceUrlName: 'netflix' }],
  ])('asks for the source of %s', async (route, body) => {
    const { api } = renderPage(<Root />, { route });
    expect(await screen.findByRole('alert')).toHaveTextContent('Source not found.');
    expect(api.calls).toEqual([{ key: 'POST /source_info', body }]);
  });

  it('renders nothing on the routes of other remotes', () => {
    const { container } = renderPage(<Root />, { route: clientPath('home') });
    expect(container).toBeEmptyDOMElement();
  });
});
