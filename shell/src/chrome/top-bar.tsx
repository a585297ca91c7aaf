import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { SITE_NAME } from '@blogstream/shared/lib';
import {
  loginDialogRequested,
  selectAppBarProgressActive,
  selectLoggedIn,
  selectUserData,
  useAppDispatch,
  useAppSelector,
} from '@blogstream/shared/store';
import { Button, IconButton, Menu, ProgressBar } from '@blogstream/shared/ui';
import { SearchBox } from './search-box';
import { useSignOut } from '../session/use-sign-out';

const Bar = styled.header`
  position: fixed;
  inset: 0 0 auto 0;
  z-index: 1200;
  background: ${({ theme }) => theme.colors.background};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Row = styled.div`
  height: ${({ theme }) => theme.layout.topBarHeight}px;
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 0 12px;
`;

const SiteName = styled(Link)`
  font-weight: 800;
  font-size: 1.3rem;
  color: ${({ theme }) => theme.colors.accent};
  text-decoration: none;
  margin-right: 12px;
`;

const ProgressSlot = styled.div`
  position: absolute;
  inset: auto 0 0 0;
`;

export interface TopBarProps {
  onMenuToggle: () => void;
}

export function TopBar({ onMenuToggle }: TopBarProps) {
  const dispatch = useAppDispatch();
  const loggedIn = useAppSelector(selectLoggedIn);
  const user = useAppSelector(selectUserData);
  const progressActive = useAppSelector(selectAppBarProgressActive);
  const signOut = useSignOut();
  const { pathname } = useLocation();

  return (
    <Bar>
      <Row>
        {loggedIn === true ? (
          <IconButton type="button" aria-label="Toggle menu" onClick={onMenuToggle}>
            ☰
          </IconButton>
        ) : null}
        <SiteName to="/">{SITE_NAME}</SiteName>
        {pathname.startsWith('/blog') ? <span /> : <SearchBox />}
        <span style={{ flex: 1 }} />
        {loggedIn === false ? (
          <Button type="button" onClick={() => dispatch(loginDialogRequested())}>
            Sign In
          </Button>
        ) : null}
        {loggedIn === true && user ? (
          <Menu
            trigger={
              <Button type="button" $variant="text" aria-label={`Account menu for ${user.name}`}>
                {user.name}
              </Button>
            }
            items={[{ label: 'Sign out', onSelect: () => void signOut() }]}
          />
        ) : null}
      </Row>
      {progressActive ? (
        <ProgressSlot>
          <ProgressBar />
        </ProgressSlot>
      ) : null}
    </Bar>
  );
}
