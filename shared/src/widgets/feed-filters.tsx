import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { feedPath } from '@blogstream/shared/api';
import {
  daysAgo,
  feedFilterOf,
  feedFilterParams,
  GENRES,
  periodOf,
  PUBLISHED_PERIODS,
  withFeedFilter,
  type Article,
  type FeedFilter,
  type Genre,
} from '@blogstream/shared/contract';
import { ANY_GENRE_LABEL, GENRE_LABELS } from '@blogstream/shared/lib';
import { CloseIcon, Pill, PillChoice, PillRow } from '@blogstream/shared/ui';
import { OnlySourceContext } from './article-card.js';
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

const GENRE_CHOICES = [
  { value: undefined, label: ANY_GENRE_LABEL },
  ...GENRES.map((genre) => ({ value: genre, label: GENRE_LABELS[genre] })),
];

/** "Any kind", then one pill per genre: what kind of posts the feed below shows. */
function GenrePills({
  selected,
  onSelect,
}: {
  selected: Genre | null | undefined;
  onSelect: (genre: Genre | undefined) => void;
}) {
  return (
    <PillChoice
      label="Kind of post"
      choices={GENRE_CHOICES}
      selected={selected ?? undefined}
      onSelect={onSelect}
    />
  );
}

/** A range no pill names (a link's own dates), as its pill says it. */
function rangeLabel(from: string | null | undefined, to: string | null | undefined): string {
  if (from && to) return `${from} to ${to}`;
  return from ? `Since ${from}` : `Until ${to}`;
}

/**
 * "Any time", then the periods: when the feed's articles were published. A period is kept in the
 * address as its first day, so a shared link shows the same articles; a range of other days gets
 * a pill of its own.
 */
function PublishedPills({
  filter,
  onChange,
}: {
  filter: FeedFilter;
  onChange: (change: FeedFilter) => void;
}) {
  const { from, to } = filter;
  const period = periodOf(filter);
  return (
    <PillRow role="group" aria-label="Published">
      <Pill
        type="button"
        aria-pressed={!from && !to}
        onClick={() => onChange({ from: undefined, to: undefined })}
      >
        Any time
      </Pill>
      {PUBLISHED_PERIODS.map((choice) => (
        <Pill
          key={choice.days}
          type="button"
          aria-pressed={choice === period}
          onClick={() => onChange({ from: daysAgo(choice.days), to: undefined })}
        >
          {choice.label}
        </Pill>
      ))}
      {(from || to) && !period ? (
        <Pill type="button" aria-pressed>
          {rangeLabel(from, to)}
        </Pill>
      ) : null}
    </PillRow>
  );
}

/** The blog the feed is narrowed to (a card's "Only <source>"), as a chip that lifts it. */
function SourceChip({ name, onRemove }: { name: string; onRemove: () => void }) {
  return (
    <PillRow role="group" aria-label="Blog">
      <Pill
        type="button"
        aria-pressed
        aria-label={`Only ${name}: show every blog`}
        onClick={onRemove}
      >
        Only {name} <CloseIcon size={14} />
      </Pill>
    </PillRow>
  );
}

/**
 * The controls of a feed's filter, each changing its own fields. `sourceName`: the name of the
 * filter's blog when known (the card it was chosen on), else its url name is shown.
 */
export function FeedFilters({
  filter,
  onChange,
  sourceName,
}: {
  filter: FeedFilter;
  onChange: (change: FeedFilter) => void;
  sourceName?: string;
}) {
  return (
    <>
      <GenrePills selected={filter.genre} onSelect={(genre) => onChange({ genre })} />
      <PublishedPills filter={filter} onChange={onChange} />
      {filter.source ? (
        <SourceChip
          name={sourceName ?? filter.source}
          onRemove={() => onChange({ source: undefined })}
        />
      ) : null}
    </>
  );
}

/**
 * A feed the reader can narrow (home, topic and search pages): the filter's controls over the
 * feed, both following the address. A new filter starts a new scroll from its first page.
 */
export function FilteredFeed(props: Omit<InfiniteFeedProps, 'filter'>) {
  const [filter, setFilter] = useFeedFilter();
  // The blog a card narrowed the feed to, so its chip says the blog's name, not its url name.
  const [chosen, setChosen] = useState<Pick<Article, 'source_url_name' | 'source_name'>>();
  const onlySource = (article: Article) => {
    setChosen(article);
    setFilter({ source: article.source_url_name });
  };
  return (
    <>
      <FeedFilters
        filter={filter}
        onChange={setFilter}
        sourceName={chosen?.source_url_name === filter.source ? chosen?.source_name : undefined}
      />
      <OnlySourceContext.Provider value={onlySource}>
        <InfiniteFeed
          key={`${feedPath(props.call)}:${String(props.queryData)}:${feedFilterParams(filter)}`}
          {...props}
          filter={filter}
        />
      </OnlySourceContext.Provider>
    </>
  );
}
