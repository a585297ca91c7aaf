// mfe-feed's first views of data: the first screen of a search or a topic page, rendered by the
// server for a visitor who lands on one, with the answers of the server's own API
// (docs/decisions/0021-federation-without-the-weight.md). Built for Node beside the remote
// (dist/first-view/renderer.cjs); the server calls `render` for each such page.
import { baseApi, feedApi, firstViewStateOf, landingFeedOf } from '@blogstream/shared/api';
import {
  clientRoutes,
  matchRoute,
  type RenderFirstView,
} from '@blogstream/shared/contract/browser';
import { renderFirstView } from '@blogstream/shared/mfe/server-first-view';
import { makeStore, type AppStore } from '@blogstream/shared/store';
import { Root } from './root';
import { topicApi } from './features/topic/topic-api';

interface Load {
  unwrap(): Promise<unknown>;
}

/**
 * The queries of each page's first screen, started before it renders (rendering to a string runs
 * no effects, so a page's own hooks would only show their loaders). The same arguments the page's
 * hooks use, so the page finds the answers in its store.
 */
const firstScreens: Record<string, (store: AppStore, pathname: string, search: string) => Load[]> =
  {
    search: (store, pathname, search) => {
      const feed = landingFeedOf(pathname, search);
      return feed ? [store.dispatch(feedApi.endpoints.feedPages.initiate(feed))] : [];
    },
    topic: (store, pathname, search) => {
      const feed = landingFeedOf(pathname, search);
      if (!feed) return [];
      const topic = String(feed.queryData);
      return [
        store.dispatch(feedApi.endpoints.feedPages.initiate(feed)),
        store.dispatch(topicApi.endpoints.getTopicDescription.initiate(topic)),
        store.dispatch(topicApi.endpoints.getSourcesForTopic.initiate(topic)),
      ];
    },
  };

/**
 * The first view of the page at `url` (path and query), asking the API through `callApi`;
 * undefined for a page without one, or when a call it needs fails (the remote then loads the
 * page as it would without a first view).
 */
export const render: RenderFirstView = async (url, callApi) => {
  const { pathname, search } = new URL(url, 'http://first-view.invalid');
  const route = clientRoutes.find(
    (candidate) => candidate.owner === 'mfe_feed' && matchRoute(candidate.pattern, pathname),
  );
  const firstScreen = route ? firstScreens[route.name] : undefined;
  if (!route || !firstScreen) return undefined;
  const store = makeStore(undefined, { transport: callApi });
  try {
    const loads = firstScreen(store, pathname, search);
    if (loads.length === 0) return undefined;
    const answered = await Promise.all(loads.map((load) => load.unwrap())).then(
      () => true,
      () => false,
    );
    if (!answered) return undefined;
    const html = renderFirstView({
      name: route.name,
      store,
      url: pathname + search,
      children: <Root />,
    });
    return {
      html,
      state: firstViewStateOf(baseApi.reducerPath, store.getState()[baseApi.reducerPath]),
    };
  } finally {
    // Clears the cache's removal timers, which would keep this store alive for a minute.
    store.dispatch(baseApi.util.resetApiState());
  }
};
