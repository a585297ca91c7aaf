import { useState } from 'react';
import styled from 'styled-components';
import { useGetUserTopicsQuery, type FeedCall } from '@blogstream/shared/api';
import { usePageMeta } from '@blogstream/shared/mfe';
import { PageContainer, Pill } from '@blogstream/shared/ui';
import { InfiniteFeed } from '@blogstream/shared/widgets';

const ALL = 'All';
/** The home feed's shorter previews (spec §9: 90 desktop, 55 mobile). */
const HOME_PREVIEW = { desktop: 90, mobile: 55 };

const Pills = styled.div`
  display: flex;
  gap: 8px;
  overflow-x: auto;
  padding-bottom: 8px;
  margin-bottom: 16px;
`;

/** The signed-in reader's home: 'All' (the personal discover feed) or one of their topics. */
export function HomePage() {
  usePageMeta({});
  const { data: topics } = useGetUserTopicsQuery();
  const [selected, setSelected] = useState(ALL);
  // Spec §3: the topics list is prefixed with 'All'; null counts as empty.
  const pills = [ALL, ...(topics ?? [])];
  const call: FeedCall =
    selected === ALL ? { name: 'discoverFeed' } : { name: 'topicFeed', params: { term: selected } };
  return (
    <PageContainer>
      <Pills role="group" aria-label="Topics">
        {pills.map((topic) => (
          <Pill
            key={topic}
            type="button"
            aria-pressed={topic === selected}
            onClick={() => setSelected(topic)}
          >
            {topic}
          </Pill>
        ))}
      </Pills>
      <InfiniteFeed key={selected} call={call} previewLength={HOME_PREVIEW} />
    </PageContainer>
  );
}
