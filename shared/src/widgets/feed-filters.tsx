import { useSearchParams } from 'react-router-dom';
import { feedPath } from '@blogstream/shared/api';
import {
  feedFilterOf,
  feedFilterParams,
  GENRES,
  withFeedFilter,
  type FeedFilter,
  type Genre,
} from '@blogstream/shared/contract';
import { ANY_GENRE_LABEL, GENRE_LABELS } from '@blogstream/shared/lib';
import { Pill, PillRow } from '@blogstream/shared/ui';
import { InfiniteFeed, type InfiniteFeedProps } from './infinite-feed.js';

/**
 * The feed's filter, kept in the address (`?genre=tutorial`, feed-filter.ts in the contract) so a
 * filtered feed can be shared and Back lifts it, and a change to it: the fields it names are set
 * (undefined lifts one), the others kept.
 */
export function useFeedFilter(): [FeedFilter, (change: FeedFilter) => void] {
  const [params, setParams] = useSearchParams();
  const change = (next: FeedFilter) => setParams((current) => withFeedFilter(current, next));
  return [feedFilterOf(params), change];
}

/** "Any kind", then one pill per genre: what kind of posts the feed below shows. */
function GenrePills({
  selected,
  onSelect,
}: {
  selected: Genre | null | undefined;
  onSelect: (genre: Genre | undefined) => void;
}) {
  return (
    <PillRow role="group" aria-label="Kind of post">
      <Pill type="button" aria-pressed={!selected} onClick={() => onSelect(undefined)}>
        {ANY_GENRE_LABEL}
      </Pill>
      {GENRES.map((genre) => (
        <Pill
          key={genre}
          type="button"
          aria-pressed={selected === genre}
          onClick={() => onSelect(genre)}
        >
          {GENRE_LABELS[genre]}
        </Pill>
      ))}
    </PillRow>
  );
}

/** The controls of a feed's filter, each changing its own fields. */
export function FeedFilters({
  filter,
  onChange,
}: {
  filter: FeedFilter;
  onChange: (change: FeedFilter) => void;
}) {
  return <GenrePills selected={filter.genre} onSelect={(genre) => onChange({ genre })} />;
}

/**
 * A feed the reader can narrow (home, topic and search pages): the filter's controls over the
 * feed, both following the address. A new filter starts a new scroll from its first page.
 */
export function FilteredFeed(props: Omit<InfiniteFeedProps, 'filter'>) {
  const [filter, setFilter] = useFeedFilter();
  return (
    <>
      <FeedFilters filter={filter} onChange={setFilter} />
      <InfiniteFeed
        key={`${feedPath(props.call)}:${String(props.queryData)}:${feedFilterParams(filter)}`}
        {...props}
        filter={filter}
      />
    </>
  );
}
