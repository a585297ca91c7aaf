import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { usePageMeta } from '@blogstream/shared/mfe';
import { PageContainer, PageTitle, Tab, TabList, TabPanel, Tabs } from '@blogstream/shared/ui';

const tabs = ['articles', 'sources'] as const;
type SubscriptionsTab = (typeof tabs)[number];

function isTab(value: string | undefined): value is SubscriptionsTab {
  return tabs.includes(value as SubscriptionsTab);
}

/** One screen, two tabs; the URL follows the tab (spec §2). */
export function SubscriptionsPage() {
  const { tab } = useParams();
  const navigate = useNavigate();
  usePageMeta({ title: 'Subscriptions' });
  if (!isTab(tab)) return <Navigate to="/subscriptions/articles" replace />;
  return (
    <PageContainer>
      <PageTitle>Subscriptions</PageTitle>
      <Tabs value={tab} onValueChange={(next) => navigate(`/subscriptions/${next}`)}>
        <TabList aria-label="Subscriptions">
          <Tab value="articles">Articles</Tab>
          <Tab value="sources">Sources</Tab>
        </TabList>
        <TabPanel value="articles">Articles from the blogs you follow.</TabPanel>
        <TabPanel value="sources">The blogs you follow.</TabPanel>
      </Tabs>
    </PageContainer>
  );
}
