import { useSearchParams } from 'react-router-dom';
import { GENRE_PARAM, GENRES, genreParamOf, type Genre } from '@blogstream/shared/contract';
import { ANY_GENRE_LABEL, GENRE_LABELS } from '@blogstream/shared/lib';
import { Pill, PillRow } from '@blogstream/shared/ui';

/**
 * The feed's genre filter, kept in the address (`?genre=tutorial`) so a filtered feed can be
 * shared and Back lifts it. Undefined when none is chosen (the feed's query stays the unfiltered
 * one).
 */
export function useGenreFilter(): [Genre | undefined, (genre: Genre | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const genre = genreParamOf(params);
  const choose = (next: Genre | undefined) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next) updated.set(GENRE_PARAM, next);
      else updated.delete(GENRE_PARAM);
      return updated;
    });
  return [genre, choose];
}

/** "Any kind", then one pill per genre: what kind of posts the feed below shows. */
export function GenrePills({
  selected,
  onSelect,
}: {
  selected: Genre | undefined;
  onSelect: (genre: Genre | undefined) => void;
}) {
  return (
    <PillRow role="group" aria-label="Kind of post">
      <Pill type="button" aria-pressed={selected === undefined} onClick={() => onSelect(undefined)}>
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
