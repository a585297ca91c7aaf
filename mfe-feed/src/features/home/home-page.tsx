import { useState } from 'react';
import { useGetUserTopicsQuery, type FeedCall } from '@blogstream/shared/api';
import { usePageMeta } from '@blogstream/shared/mfe';
import { PageContainer, Pill, PillRow } from '@blogstream/shared/ui';
import { FilteredFeed } from '@blogstream/shared/widgets';

const ALL = 'All';
/** The home feed's shorter previews (spec §9: 90 desktop, 55 mobile). */
const HOME_PREVIEW = { desktop: 90, mobile: 55 };

/**
 * The signed-in reader's home: 'All' (the personal discover feed) or one of their topics, of any
 * kind of post or one genre.
 */
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
      <PillRow role="group" aria-label="Topics">
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
      </PillRow>
      <FilteredFeed call={call} previewLength={HOME_PREVIEW} />
    </PageContainer>
  );
}
