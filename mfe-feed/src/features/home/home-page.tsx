import { usePageMeta } from '@blogstream/shared/mfe';
import { selectUserData, useAppSelector } from '@blogstream/shared/store';
import { PageContainer, PageTitle } from '@blogstream/shared/ui';

/** The signed-in reader's home: the discover feed arrives with the feed issue. */
export function HomePage() {
  const user = useAppSelector(selectUserData);
  usePageMeta({});
  return (
    <PageContainer>
      <PageTitle>Discover</PageTitle>
      {user ? <p>Welcome back, {user.name}.</p> : null}
    </PageContainer>
  );
}
