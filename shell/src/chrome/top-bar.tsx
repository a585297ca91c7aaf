import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { useSiteName } from '@blogstream/shared/api';
import { clientPath } from '@blogstream/shared/contract/browser';
import { ACCOUNT_TYPE } from '@blogstream/shared/lib';
import {
  loginDialogRequested,
  selectAppBarProgressActive,
  selectLoggedIn,
  selectUserData,
  topicsDialogRequested,
  useAppDispatch,
  useAppSelector,
} from '@blogstream/shared/store';
import {
  Button,
  IconButton,
  media,
  MenuIcon,
  ProgressBar,
  SearchIcon,
  useIsMobile,
  useShortcuts,
  type ShortcutKey,
} from '@blogstream/shared/ui';
import { AccountName } from './account-name';
import { SearchBox } from './search-box';
import { ThemeToggle } from '../theme/theme-toggle';

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
  /* Every control keeps to one line; only the search box gives up room. */
  & > ${Button} {
    flex: none;
    white-space: nowrap;
  }
  ${media.mobile} {
    gap: 4px;
  }
`;

const SiteName = styled(Link)`
  font-weight: 800;
  font-size: 1.3rem;
  color: ${({ theme }) => theme.colors.accent};
  text-decoration: none;
  margin-right: 12px;
  white-space: nowrap;
`;

/** Takes only the room the search box leaves (its basis is 0, the box's is its full width). */
const Spacer = styled.span`
  flex: 1 1 0;
`;

const ProgressSlot = styled.div`
  position: absolute;
  inset: auto 0 0 0;
`;

// The account menu loads once a reader is signed in: it brings the menu primitive (positioning,
// focus and keyboard handling), which a visitor's page never needs.
const AccountMenu = lazy(() =>
  import('./account-menu').then((loaded) => ({ default: loaded.AccountMenu })),
);

/** The reader's name stands where the menu button will be while the menu loads (no shift). */
function AccountMenuSlot() {
  const user = useAppSelector(selectUserData);
  if (!user) return null;
  return (
    <Suspense
      fallback={
        <Button as="span" $variant="text">
          <AccountName>{user.name}</AccountName>
        </Button>
      }
    >
      <AccountMenu user={user} />
    </Suspense>
  );
}

function SignedInActions() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUserData);
  const isMobile = useIsMobile();
  const isPremium = user?.account_type === ACCOUNT_TYPE.PREMIUM;
  return (
    <>
      {isPremium && !isMobile ? (
        <Button as={Link} to={clientPath('rss')} $variant="text">
          RSS
        </Button>
      ) : null}
      {!isMobile ? (
        <Button type="button" $variant="outlined" onClick={() => dispatch(topicsDialogRequested())}>
          My topics
        </Button>
      ) : null}
      <AccountMenuSlot />
    </>
  );
}

function SignedOutActions() {
  const dispatch = useAppDispatch();
  const isMobile = useIsMobile();
  const { pathname } = useLocation();
  const showSignIn = !isMobile || pathname !== '/';
  return (
    <>
      {showSignIn ? (
        <Button type="button" onClick={() => dispatch(loginDialogRequested())}>
          Sign In
        </Button>
      ) : null}
    </>
  );
}

interface TopBarProps {
  onMenuToggle: () => void;
}

/** The top bar of spec §2, signed-in and signed-out variants. */
export function TopBar({ onMenuToggle }: TopBarProps) {
  const siteName = useSiteName();
  const loggedIn = useAppSelector(selectLoggedIn);
  const progressActive = useAppSelector(selectAppBarProgressActive);
  const isMobile = useIsMobile();
  const [mobileSearchOpen, setMobileSearchOpen] = useState(false);
  // On mobile the search box opens with its toggle, leaving room for the other controls.
  const showSearch = !isMobile || mobileSearchOpen;
  const searchInput = useRef<HTMLInputElement>(null);
  useShortcuts(
    useCallback((key: ShortcutKey) => {
      if (key !== '/') return false;
      flushSync(() => setMobileSearchOpen(true));
      searchInput.current?.focus();
      return true;
    }, []),
  );

  return (
    <Bar>
      <Row>
        {loggedIn === true ? (
          <IconButton type="button" aria-label="Toggle menu" onClick={onMenuToggle}>
            <MenuIcon />
          </IconButton>
        ) : null}
        {/* On a phone the open search box takes the site name's room. */}
        {isMobile && mobileSearchOpen ? null : <SiteName to="/">{siteName}</SiteName>}
        {showSearch ? <SearchBox inputRef={searchInput} /> : null}
        <Spacer />
        {isMobile ? (
          <IconButton
            type="button"
            aria-label={mobileSearchOpen ? 'Hide search' : 'Show search'}
            aria-expanded={mobileSearchOpen}
            onClick={() => setMobileSearchOpen((open) => !open)}
          >
            <SearchIcon />
          </IconButton>
        ) : null}
        {/* On a phone a reader's bar is full: their theme is in the account menu. */}
        {isMobile && loggedIn === true ? null : <ThemeToggle />}
        {loggedIn === true ? <SignedInActions /> : null}
        {loggedIn === false ? <SignedOutActions /> : null}
      </Row>
      {progressActive ? (
        <ProgressSlot>
          <ProgressBar />
        </ProgressSlot>
      ) : null}
    </Bar>
  );
}
