import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { clientPath } from '@blogstream/shared/contract/browser';
import { FEED_PAGE_SIZE } from '@blogstream/shared/lib';
import { TitledPage } from '@blogstream/shared/mfe';
import {
  selectUserData,
  unseenSubscriptionsChecked,
  useAppDispatch,
  useAppSelector,
} from '@blogstream/shared/store';
import { Tab, TabList, TabPanel, Tabs } from '@blogstream/shared/ui';
import { InfiniteFeed } from '@blogstream/shared/widgets';
import { OpmlSection } from './opml-section';
import { SourcesBlock } from './sources-block';
import { seenApi } from './subscriptions-api';

/** Each tab is a route of its own (spec §2). */
const tabRoutes = {
  articles: 'subscriptionsArticles',
  sources: 'subscriptionsSources',
} as const;
type SubscriptionsTab = keyof typeof tabRoutes;

function isTab(value: string): value is SubscriptionsTab {
  return Object.hasOwn(tabRoutes, value);
}

/** Opening the screen marks subscriptions as seen; the shell's red dot clears after success. */
function useMarkSubscriptionsSeen(): void {
  const dispatch = useAppDispatch();
  const [markSeen] = seenApi.useUpdateSubscriptionsSeenMutation();
  useEffect(() => {
    markSeen()
      .unwrap()
      .then(() => dispatch(unseenSubscriptionsChecked(false)))
      .catch((error: unknown) => console.warn('Marking subscriptions seen failed', error));
  }, [markSeen, dispatch]);
}

function ArticlesTab() {
  const followsSources = useAppSelector(selectUserData)?.follows_sources === true;
  if (!followsSources) {
    return (
      <p>
        Let&apos;s find you some blogs to follow.{' '}
        <Link to={clientPath('subscriptionsSources')}>Browse sources</Link>
      </p>
    );
  }
  return <InfiniteFeed call={{ name: 'subscriptionsFeed' }} pageSize={FEED_PAGE_SIZE} />;
}

function Subscriptions({ tab }: { tab: SubscriptionsTab }) {
  const navigate = useNavigate();
  useMarkSubscriptionsSeen();
  return (
    <Tabs
      value={tab}
      onValueChange={(next) => {
        if (isTab(next)) navigate(clientPath(tabRoutes[next]));
      }}
    >
      <TabList aria-label="Subscriptions">
        <Tab value="articles">Articles</Tab>
        <Tab value="sources">Sources</Tab>
      </TabList>
      <TabPanel value="articles">
        <ArticlesTab />
      </TabPanel>
      <TabPanel value="sources">
        <SourcesBlock />
        <OpmlSection />
      </TabPanel>
    </Tabs>
  );
}

/** One screen, two tabs; the URL follows the tab (spec §2). */
export function SubscriptionsPage({ tab }: { tab: SubscriptionsTab }) {
  return (
    <TitledPage title="Subscriptions" readersOnly>
      <Subscriptions tab={tab} />
    </TitledPage>
  );
}
