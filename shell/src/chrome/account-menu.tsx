import { useNavigate } from 'react-router-dom';
import type { UserData } from '@blogstream/shared/contract';
import { clientPath } from '@blogstream/shared/contract/browser';
import { topicsDialogRequested, useAppDispatch } from '@blogstream/shared/store';
import { Button, Menu, useIsMobile } from '@blogstream/shared/ui';
import { useSignOut } from '../session/use-sign-out';

/** The signed-in reader's menu in the top bar (spec §2): topics on mobile, settings, sign out. */
export function AccountMenu({ user }: { user: UserData }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const signOut = useSignOut();
  const items = [
    ...(isMobile
      ? [{ label: 'My topics', onSelect: () => dispatch(topicsDialogRequested()) }]
      : []),
    { label: 'Settings', onSelect: () => navigate(clientPath('settings')) },
    { label: 'Sign out', onSelect: () => void signOut() },
  ];
  return (
    <Menu
      trigger={
        <Button type="button" $variant="text" aria-label={`Account menu for ${user.name}`}>
          {user.name}
        </Button>
      }
      items={items}
    />
  );
}
