import { useEffect } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { baseApi } from '@blogstream/shared/api';
import { FEED_PAGE_SIZE } from '@blogstream/shared/lib';
import { RequireReader, usePageMeta } from '@blogstream/shared/mfe';
import {
  selectUserData,
  unseenSubscriptionsChecked,
  useAppDispatch,
  useAppSelector,
} from '@blogstream/shared/store';
import { PageContainer, PageTitle, Tab, TabList, TabPanel, Tabs } from '@blogstream/shared/ui';
import { InfiniteFeed } from '@blogstream/shared/widgets';
import { SourcesBlock } from './sources-block';

const tabs = ['articles', 'sources'] as const;
type SubscriptionsTab = (typeof tabs)[number];

function isTab(value: string | undefined): value is SubscriptionsTab {
  return tabs.includes(value as SubscriptionsTab);
}

const seenApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    updateSubscriptionsSeen: build.mutation<unknown, void>({
      query: () => ({ url: '/update_subscriptions_seen', body: {} }),
    }),
  }),
});

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
        <Link to="/subscriptions/sources">Browse sources</Link>
      </p>
    );
  }
  return <InfiniteFeed url="/subscriptions_feed" pageSize={FEED_PAGE_SIZE} />;
}

function Subscriptions({ tab }: { tab: SubscriptionsTab }) {
  const navigate = useNavigate();
  useMarkSubscriptionsSeen();
  return (
    <Tabs value={tab} onValueChange={(next) => navigate(`/subscriptions/${next}`)}>
      <TabList aria-label="Subscriptions">
        <Tab value="articles">Articles</Tab>
        <Tab value="sources">Sources</Tab>
      </TabList>
      <TabPanel value="articles">
        <ArticlesTab />
      </TabPanel>
      <TabPanel value="sources">
        <SourcesBlock />
      </TabPanel>
    </Tabs>
  );
}

/** One screen, two tabs; the URL follows the tab (spec §2). */
export function SubscriptionsPage() {
  const { tab } = useParams();
  usePageMeta({ title: 'Subscriptions' });
  if (!isTab(tab)) return <Navigate to="/subscriptions/articles" replace />;
  return (
    <PageContainer>
      <PageTitle>Subscriptions</PageTitle>
      <RequireReader>
        <Subscriptions tab={tab} />
      </RequireReader>
    </PageContainer>
  );
}
