import { NavLink } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { useGetCollectionsQuery } from '@blogstream/shared/api';
import { selectUserHasUnseenSubscriptions, useAppSelector } from '@blogstream/shared/store';
import { media } from '@blogstream/shared/ui';

export type DrawerState = 'expanded' | 'compact' | 'closed';

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
      &:hover,
      &:focus-within {
        width: ${theme.layout.drawerWidth}px;
        box-shadow: ${theme.shadow.overlay};
      }
    `}
  ${media.mobile} {
    width: ${({ theme }) => theme.layout.drawerWidth}px;
    display: ${({ $state }) => ($state === 'closed' ? 'none' : 'block')};
    box-shadow: ${({ theme }) => theme.shadow.overlay};
  }
`;

const Item = styled(NavLink)`
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

const Icon = styled.span`
  position: relative;
  width: 20px;
  text-align: center;
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

export interface DrawerProps {
  state: DrawerState;
  onNavigate: () => void;
}

/** The signed-in reader's navigation: permanent rail on desktop, temporary on mobile. */
export function Drawer({ state, onNavigate }: DrawerProps) {
  const hasUnseen = useAppSelector(selectUserHasUnseenSubscriptions);
  // Tagged 'Collections': any package creating, renaming or deleting one refreshes this list.
  const { data: collections = [] } = useGetCollectionsQuery();
  return (
    <Panel $state={state} aria-label="Main navigation">
      <Item to="/" end onClick={onNavigate}>
        <Icon aria-hidden>⌂</Icon>Home
      </Item>
      <Item to="/subscriptions/articles" onClick={onNavigate}>
        <Icon aria-hidden>
          ☰{hasUnseen ? <UnseenDot data-testid="unseen-subscriptions-dot" /> : null}
        </Icon>
        Subscriptions
      </Item>
      <Item to="/my-bookmarks" onClick={onNavigate}>
        <Icon aria-hidden>★</Icon>Bookmarks
      </Item>
      {collections.map((collection) => (
        <Item
          key={collection.collection_id}
          to={`/collection/${collection.collection_id}`}
          onClick={onNavigate}
        >
          <Icon aria-hidden>▤</Icon>
          {collection.name}
        </Item>
      ))}
    </Panel>
  );
}
