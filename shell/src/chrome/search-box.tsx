import { useState, type FormEvent, type Ref } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { clientPath } from '@blogstream/shared/contract/browser';
import { useIsMobile } from '@blogstream/shared/ui';

/**
 * Up to 560 px wide, shrinking only when the bar has no room left: the desktop label
 * (spec §2: 'Search for topics, companies, technologies') is shown whole beside a reader's
 * buttons.
 */
const Form = styled.form`
  flex: 1 1 560px;
  min-width: 0;
  max-width: 560px;
  display: flex;
`;

const Input = styled.input`
  width: 100%;
  font: inherit;
  padding: 8px 14px;
  border-radius: ${({ theme }) => theme.radius.pill}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;

const SEARCH_LABEL_DESKTOP = 'Search for topics, companies, technologies';
const SEARCH_LABEL_MOBILE = 'Search';

/** One search field: filled from the query on /search, cleared on every other route. */
export function SearchBox({ inputRef }: { inputRef?: Ref<HTMLInputElement> }) {
  const location = useLocation();
  const routeQuery =
    location.pathname === clientPath('search')
      ? (new URLSearchParams(location.search).get('searchQuery') ?? '')
      : '';
  // Keyed by the route so the field starts again from the route's query on every navigation.
  return (
    <SearchForm
      key={`${location.pathname}${location.search}`}
      initialQuery={routeQuery}
      inputRef={inputRef}
    />
  );
}

function SearchForm({
  initialQuery,
  inputRef,
}: {
  initialQuery: string;
  inputRef?: Ref<HTMLInputElement> | undefined;
}) {
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const [query, setQuery] = useState(initialQuery);
  const label = isMobile ? SEARCH_LABEL_MOBILE : SEARCH_LABEL_DESKTOP;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = query.trim();
    if (!trimmed) return;
    navigate(clientPath('search', { searchQuery: trimmed }));
  };

  return (
    <Form role="search" onSubmit={submit}>
      <Input
        ref={inputRef}
        type="search"
        aria-label={label}
        placeholder={label}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
    </Form>
  );
}
