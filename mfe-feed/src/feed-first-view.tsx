// mfe-feed's first views of data: the first screen of a search or a topic page, rendered by the
// server for a visitor who lands on one, and of a signed-in reader's home, rendered for that
// reader, with the answers of the server's own API
// (docs/decisions/0021-federation-without-the-weight.md). Built for Node beside the remote
// (dist/first-view/renderer.cjs); the server calls `render` for each such page.
import { feedApi, landingFeedOf } from '@blogstream/shared/api';
import { findTopic } from '@blogstream/shared/lib';
import { createFirstViewRenderer } from '@blogstream/shared/mfe/server-first-view';
import { Root } from './root';
import { userTopicsEndpoint } from './features/home/home-api';
import { homeFeedOf } from './features/home/home-page';
import { topicApi } from './features/topic/topic-api';

export const render = createFirstViewRenderer({
  owner: 'mfe_feed',
  root: <Root />,
  firstScreens: {
    // The renderer also asks who the reader is (a page for signed-in readers only).
    home: (store, _pathname, search) => [
      store.dispatch(userTopicsEndpoint.initiate()),
      store.dispatch(feedApi.endpoints.feedPages.initiate(homeFeedOf(search))),
    ],
    search: (store, pathname, search) => {
      const feed = landingFeedOf(pathname, search);
      return feed ? [store.dispatch(feedApi.endpoints.feedPages.initiate(feed))] : [];
    },
    topic: (store, pathname, search) => {
      const feed = landingFeedOf(pathname, search);
      if (!feed) return [];
      const topic = String(feed.queryData);
      // An unknown topic's page asks for nothing (topic-page.tsx).
      if (!findTopic(topic)) return [];
      return [
        store.dispatch(feedApi.endpoints.feedPages.initiate(feed)),
        store.dispatch(topicApi.endpoints.getTopicDescription.initiate(topic)),
        store.dispatch(topicApi.endpoints.getSourcesForTopic.initiate(topic)),
      ];
    },
  },
});
