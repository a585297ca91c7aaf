import { useState } from 'react';
import { feedQuery, useGetUserTopicsQuery, type FeedCall } from '@blogstream/shared/api';
import { feedFilterOf } from '@blogstream/shared/contract/browser';
import { usePageMeta } from '@blogstream/shared/mfe';
import { PageContainer, PillChoice } from '@blogstream/shared/ui';
import { FilteredFeed } from '@blogstream/shared/widgets';

const ALL = 'All';
/** What 'All' shows: the reader's whole discover feed. */
const ALL_FEED: FeedCall = { name: 'discoverFeed' };
/** The home feed's shorter previews (spec §9: 90 desktop, 55 mobile). */
const HOME_PREVIEW = { desktop: 90, mobile: 55 };

/**
 * The feed the home page opens on ('All', narrowed by the address's filter): the query its feed makes, which
 * the page's first view asks for too (feed-first-view.tsx).
 */
export function homeFeedOf(search: string) {
  return feedQuery(ALL_FEED, null, feedFilterOf(new URLSearchParams(search)));
}

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
    selected === ALL ? ALL_FEED : { name: 'topicFeed', params: { term: selected } };
  return (
    <PageContainer>
      <PillChoice
        label="Topics"
        choices={pills.map((topic) => ({ value: topic, label: topic }))}
        selected={selected}
        onSelect={setSelected}
      />
      <FilteredFeed call={call} previewLength={HOME_PREVIEW} />
    </PageContainer>
  );
}
