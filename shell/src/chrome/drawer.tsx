import { useEffect, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { useGetCollectionsQuery, useGetSavedSearchesQuery } from '@blogstream/shared/api';
import type { SavedSearch } from '@blogstream/shared/contract';
import {
  clientPath,
  MAX_NEW_MATCHES_COUNTED,
  searchPagePath,
} from '@blogstream/shared/contract/browser';
import { selectUserHasUnseenSubscriptions, useAppSelector } from '@blogstream/shared/store';
import {
  BookmarkIcon,
  CollectionIcon,
  HighlightIcon,
  HomeIcon,
  media,
  SearchIcon,
  SubscriptionsIcon,
} from '@blogstream/shared/ui';

export type DrawerState = 'expanded' | 'compact' | 'closed';

/** An entry's name; on the compact rail only the icon shows until the rail is hovered or focused. */
const Label = styled.span`
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  transition: opacity 150ms ease;
`;

const Panel = styled.nav<{ $state: DrawerState }>`
  position: fixed;
  top: ${({ theme }) => theme.layout.topBarHeight}px;
  bottom: 0;
  left: 0;
  z-index: 1100;
  overflow: hidden;
  background: ${({ theme }) => theme.colors.background};
  border-right: 1px solid ${({ theme }) => theme.colors.border};
  transition: width 150ms ease;
  width: ${({ theme, $state }) =>
    $state === 'expanded' ? theme.layout.drawerWidth : theme.layout.drawerRailWidth}px;
  ${({ theme, $state }) =>
    $state === 'compact' &&
    css`
      ${Label} {
        opacity: 0;
      }
      &:hover,
      &:focus-within {
        width: ${theme.layout.drawerWidth}px;
        box-shadow: ${theme.shadow.overlay};
        ${Label} {
          opacity: 1;
        }
      }
    `}
  ${media.mobile} {
    width: ${({ theme }) => theme.layout.drawerWidth}px;
    display: ${({ $state }) => ($state === 'closed' ? 'none' : 'block')};
    box-shadow: ${({ theme }) => theme.shadow.overlay};
  }
`;

/** Dims the page under the open drawer on a phone; a tap on it closes the drawer. */
const Backdrop = styled.div`
  display: none;
  ${media.mobile} {
    display: block;
    position: fixed;
    inset: ${({ theme }) => theme.layout.topBarHeight}px 0 0 0;
    z-index: 1099;
    background: ${({ theme }) => theme.colors.overlay};
  }
`;

const entryStyle = css`
  display: flex;
  align-items: center;
  gap: 20px;
  height: 48px;
  padding: 0 22px;
  white-space: nowrap;
  text-decoration: none;
  color: ${({ theme }) => theme.colors.text};
  &.active {
    color: ${({ theme }) => theme.colors.accent};
    font-weight: 600;
  }
  &:hover {
    background: ${({ theme }) => theme.colors.surface};
  }
`;

const Item = styled(NavLink)`
  ${entryStyle}
`;

/** A saved search's entry: a link to the search page, active on that search only (its query). */
const SearchItem = styled(Link)`
  ${entryStyle}
`;

const IconSlot = styled.span`
  position: relative;
  display: inline-flex;
  flex: none;
`;

const UnseenDot = styled.span`
  position: absolute;
  top: -2px;
  right: -4px;
  width: 8px;
  height: 8px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.accent};
`;

/** A saved search's count of new matches, beside its name. */
const NewCount = styled.span`
  margin-left: auto;
  padding: 0 6px;
  border-radius: 10px;
  font-size: 0.75rem;
  line-height: 18px;
  background: ${({ theme }) => theme.colors.accent};
  color: ${({ theme }) => theme.colors.onAccent};
`;

interface EntryProps {
  to: string;
  end?: boolean;
  icon: ReactNode;
  label: string;
  onNavigate: () => void;
}

function Entry({ to, end, icon, label, onNavigate }: EntryProps) {
  return (
    <Item to={to} end={end} title={label} onClick={onNavigate}>
      <IconSlot>{icon}</IconSlot>
      <Label>{label}</Label>
    </Item>
  );
}

/** A saved search, with its count of new matches since the reader last opened it. */
function SavedSearchEntry({ saved, onNavigate }: { saved: SavedSearch; onNavigate: () => void }) {
  const location = useLocation();
  const to = searchPagePath(saved.query, saved.filter);
  const active = `${location.pathname}${location.search}` === to;
  const count = newMatchesLabel(saved.new_matches);
  const title = count ? `${saved.name}, ${count} new` : saved.name;
  return (
    <SearchItem
      to={to}
      title={title}
      aria-label={title}
      aria-current={active ? 'page' : undefined}
      className={active ? 'active' : undefined}
      onClick={onNavigate}
    >
      <IconSlot>
        <SearchIcon />
      </IconSlot>
      <Label>{saved.name}</Label>
      {/* A space before the count: the text shown then starts the link's name (WCAG 2.5.3). */}
      {count ? (
        <>
          {' '}
          <NewCount aria-hidden>{count}</NewCount>
        </>
      ) : null}
    </SearchItem>
  );
}

/** "3", or "99+" at the count's cap; undefined for none. */
function newMatchesLabel(count: number): string | undefined {
  if (count === 0) return undefined;
  return count >= MAX_NEW_MATCHES_COUNTED ? `${MAX_NEW_MATCHES_COUNTED}+` : String(count);
}

interface DrawerProps {
  state: DrawerState;
  /** The temporary drawer is to close: a link was followed, or the reader tapped outside it. */
  onClose: () => void;
}

/** Escape closes the open drawer, as a tap outside it does. */
function useEscapeCloses(open: boolean, onClose: () => void): void {
  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open, onClose]);
}

/**
 * The signed-in reader's navigation: permanent rail on desktop; on mobile a temporary panel over
 * a dimmed page, closed by a link, a tap outside it or Escape.
 */
export function Drawer({ state, onClose }: DrawerProps) {
  const hasUnseen = useAppSelector(selectUserHasUnseenSubscriptions);
  // Tagged 'Collections': any package creating, renaming or deleting one refreshes this list.
  const { data: collections = [] } = useGetCollectionsQuery();
  // Counted by the server over the articles stored since each was opened (decision 0040).
  const { data: savedSearches = [] } = useGetSavedSearchesQuery();
  useEscapeCloses(state === 'expanded', onClose);
  return (
    <>
      {state === 'expanded' ? <Backdrop data-testid="drawer-backdrop" onClick={onClose} /> : null}
      <Panel $state={state} aria-label="Main navigation">
        <Entry to={clientPath('home')} end icon={<HomeIcon />} label="Home" onNavigate={onClose} />
        <Entry
          to={clientPath('subscriptionsArticles')}
          icon={
            <>
              <SubscriptionsIcon />
              {hasUnseen ? <UnseenDot data-testid="unseen-subscriptions-dot" /> : null}
            </>
          }
          label="Subscriptions"
          onNavigate={onClose}
        />
        <Entry
          to={clientPath('bookmarks')}
          icon={<BookmarkIcon />}
          label="Bookmarks"
          onNavigate={onClose}
        />
        <Entry
          to={clientPath('highlights')}
          icon={<HighlightIcon />}
          label="Highlights"
          onNavigate={onClose}
        />
        {collections.map((collection) => (
          <Entry
            key={collection.collection_id}
            to={clientPath('collection', { collectionId: collection.collection_id })}
            icon={<CollectionIcon />}
            label={collection.name}
            onNavigate={onClose}
          />
        ))}
        {savedSearches.map((saved) => (
          <SavedSearchEntry key={saved.saved_search_id} saved={saved} onNavigate={onClose} />
        ))}
      </Panel>
    </>
  );
}
