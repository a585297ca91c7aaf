import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'react-router-dom';
import { useTheme } from 'styled-components';
import { isClientRoute } from '@blogstream/shared/contract/browser';
import {
  selectLoggedIn,
  selectShowLoginToggle,
  selectShowTopicsDialog,
  selectSnackbar,
  selectUserData,
  useAppSelector,
} from '@blogstream/shared/store';
import { useIsMobile, useShortcuts, type ShortcutKey } from '@blogstream/shared/ui';
import { TopBar } from './top-bar';
import type { DrawerState } from './drawer';
import { Footer } from './footer';
import { useUnseenSubscriptionsCheck } from '../session/use-unseen-subscriptions-check';
import { useEmailVerifiedNotice } from '../session/use-email-verified-notice';
import { usePageViewReporting } from '../session/use-page-view-reporting';
import { NotFound } from './not-found';
import { OfflineBanner } from './offline-banner';
import { LayoutStyle } from './layout-style';
import { useScrollOnNavigation } from './use-scroll-on-navigation';
import { useReaderTheme } from '../theme/use-reader-theme';

function portalTarget(id: string): HTMLElement | null {
  return document.getElementById(id);
}

// The dialogs and the snackbar load when first wanted, not with the page: they bring the dialog
// and toast primitives (and their focus and scroll handling), which a first view never shows.
const LoginDialog = lazy(() =>
  import('../login/login-dialog').then((loaded) => ({ default: loaded.LoginDialog })),
);
const TopicsDialog = lazy(() =>
  import('../topics/topics-dialog').then((loaded) => ({ default: loaded.TopicsDialog })),
);
// The drawer is a signed-in reader's: a visitor's page never loads it.
const Drawer = lazy(() => import('./drawer').then((loaded) => ({ default: loaded.Drawer })));
const SnackbarHost = lazy(() =>
  import('./snackbar-host').then((loaded) => ({ default: loaded.SnackbarHost })),
);
const ShortcutsDialog = lazy(() =>
  import('../shortcuts/shortcuts-dialog').then((loaded) => ({ default: loaded.ShortcutsDialog })),
);

/** True from the first time `wanted` holds on: a part loaded on demand then stays mounted. */
function useWantedOnce(wanted: boolean): boolean {
  const [wantedBefore, setWantedBefore] = useState(wanted);
  if (wanted && !wantedBefore) setWantedBefore(true);
  return wanted || wantedBefore;
}

/** A part of the chrome loaded on demand, mounted once it is first wanted. */
function OnDemand({ wanted, children }: { wanted: boolean; children: ReactNode }) {
  return useWantedOnce(wanted) ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** Everything the shell draws around the remotes. */
export function Chrome() {
  const theme = useTheme();
  const loggedIn = useAppSelector(selectLoggedIn);
  const isMobile = useIsMobile();
  const { pathname } = useLocation();
  const [desktopExpanded, setDesktopExpanded] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const loginDialogWanted = useAppSelector(selectShowLoginToggle);
  const user = useAppSelector(selectUserData);
  const topicsRequested = useAppSelector(selectShowTopicsDialog);
  // TopicsDialog's own rule for being open: a first-time reader gets it unasked.
  const topicsDialogWanted = user !== null && (user.userFirstTimeUX === true || topicsRequested);
  const snackbarWanted = useAppSelector(selectSnackbar) !== null;
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  useShortcuts(
    useCallback((key: ShortcutKey) => {
      if (key !== '?') return false;
      setShortcutsOpen(true);
      return true;
    }, []),
  );
  useReaderTheme();
  useScrollOnNavigation();
  useUnseenSubscriptionsCheck();
  useEmailVerifiedNotice();
  usePageViewReporting();

  const showDrawer = loggedIn === true && !pathname.startsWith('/blog');
  const drawerState: DrawerState = isMobile
    ? mobileOpen
      ? 'expanded'
      : 'closed'
    : desktopExpanded
      ? 'expanded'
      : 'compact';
  const contentOffset = !showDrawer
    ? 0
    : drawerState === 'expanded'
      ? theme.layout.drawerWidth
      : theme.layout.drawerRailWidth;
  const closeMobileDrawer = useCallback(() => setMobileOpen(false), []);
  const toggleMenu = () =>
    isMobile ? setMobileOpen((open) => !open) : setDesktopExpanded((expanded) => !expanded);

  const footerTarget = portalTarget('shell-footer');
  const messageTarget = portalTarget('shell-page-message');

  return (
    <>
      <LayoutStyle $contentOffset={contentOffset} />
      <TopBar onMenuToggle={toggleMenu} />
      <OfflineBanner />
      {showDrawer ? (
        <Suspense fallback={null}>
          <Drawer state={drawerState} onClose={closeMobileDrawer} />
        </Suspense>
      ) : null}
      <OnDemand wanted={loginDialogWanted}>
        <LoginDialog />
      </OnDemand>
      <OnDemand wanted={topicsDialogWanted}>
        <TopicsDialog />
      </OnDemand>
      <OnDemand wanted={shortcutsOpen}>
        <ShortcutsDialog open={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />
      </OnDemand>
      <OnDemand wanted={snackbarWanted}>
        <SnackbarHost />
      </OnDemand>
      {loggedIn === false && footerTarget ? createPortal(<Footer />, footerTarget) : null}
      {!isClientRoute(pathname) && messageTarget ? createPortal(<NotFound />, messageTarget) : null}
    </>
  );
}
