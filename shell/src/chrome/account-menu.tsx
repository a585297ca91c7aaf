import { useNavigate } from 'react-router-dom';
import type { UserData } from '@blogstream/shared/contract';
import { clientPath } from '@blogstream/shared/contract/browser';
import { topicsDialogRequested, useAppDispatch } from '@blogstream/shared/store';
import { Button, Menu, useIsMobile } from '@blogstream/shared/ui';
import { nextThemePreference, THEME_LABELS, useThemeChoice } from '@blogstream/shared/widgets';
import { useSignOut } from '../session/use-sign-out';
import { AccountName } from './account-name';

/**
 * The signed-in reader's menu in the top bar (spec §2): topics and the theme on mobile (where the
 * bar has no room for them), settings, sign out.
 */
export function AccountMenu({ user }: { user: UserData }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const signOut = useSignOut();
  const [theme, chooseTheme] = useThemeChoice();
  const items = [
    ...(isMobile
      ? [
          { label: 'My topics', onSelect: () => dispatch(topicsDialogRequested()) },
          // As the top bar's toggle: System, Light, Dark in turn.
          {
            label: `Theme: ${THEME_LABELS[theme]}`,
            onSelect: () => chooseTheme(nextThemePreference(theme)),
          },
        ]
      : []),
    { label: 'Settings', onSelect: () => navigate(clientPath('settings')) },
    { label: 'Sign out', onSelect: () => void signOut() },
  ];
  return (
    <Menu
      trigger={
        <Button type="button" $variant="text" aria-label={`Account menu for ${user.name}`}>
          <AccountName>{user.name}</AccountName>
        </Button>
      }
      items={items}
    />
  );
}
