import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'react-router-dom';
import { useTheme } from 'styled-components';
import { isClientRoute } from '@blogstream/shared/contract/browser';
import { selectLoggedIn, useAppSelector } from '@blogstream/shared/store';
import { useIsMobile } from '@blogstream/shared/ui';
import { TopBar } from './top-bar';
import { Drawer, type DrawerState } from './drawer';
import { Footer } from './footer';
import { LoginDialog } from '../login/login-dialog';
import { TopicsDialog } from '../topics/topics-dialog';
import { useUnseenSubscriptionsCheck } from '../session/use-unseen-subscriptions-check';
import { useEmailVerifiedNotice } from '../session/use-email-verified-notice';
import { usePageViewReporting } from '../session/use-page-view-reporting';
import { SnackbarHost } from './snackbar-host';
import { NotFound } from './not-found';
import { LayoutStyle } from './layout-style';
import { useScrollOnNavigation } from './use-scroll-on-navigation';

function portalTarget(id: string): HTMLElement | null {
  return document.getElementById(id);
}

/** Everything the shell draws around the remotes. */
export function Chrome() {
  const theme = useTheme();
  const loggedIn = useAppSelector(selectLoggedIn);
  const isMobile = useIsMobile();
  const { pathname } = useLocation();
  const [desktopExpanded, setDesktopExpanded] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
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
  const toggleMenu = () =>
    isMobile ? setMobileOpen((open) => !open) : setDesktopExpanded((expanded) => !expanded);

  const footerTarget = portalTarget('shell-footer');
  const messageTarget = portalTarget('shell-page-message');

  return (
    <>
      <LayoutStyle $contentOffset={contentOffset} />
      <TopBar onMenuToggle={toggleMenu} />
      {showDrawer ? <Drawer state={drawerState} onNavigate={() => setMobileOpen(false)} /> : null}
      <LoginDialog />
      <TopicsDialog />
      <SnackbarHost />
      {loggedIn === false && footerTarget ? createPortal(<Footer />, footerTarget) : null}
      {!isClientRoute(pathname) && messageTarget ? createPortal(<NotFound />, messageTarget) : null}
    </>
  );
}
