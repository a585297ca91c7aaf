import { RemoteRoutes } from '@blogstream/shared/mfe';
import { SettingsPage } from './features/settings/settings-page';
import { RssPage } from './features/rss/rss-page';
import { ResetPasswordPage } from './features/reset-password/reset-password-page';

/** The pages of the routes mfe-account owns (the table: shared/src/contract/routes.ts). */
export function Root() {
  return (
    <RemoteRoutes
      remote="mfe_account"
      pages={{ settings: <SettingsPage />, rss: <RssPage />, resetPassword: <ResetPasswordPage /> }}
    />
  );
}
