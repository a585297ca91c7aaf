import { Route, Routes } from 'react-router-dom';
import { SettingsPage } from './features/settings/settings-page';
import { RssPage } from './features/rss/rss-page';
import { ResetPasswordPage } from './features/reset-password/reset-password-page';

/** The routes mfe-account owns (docs/ARCHITECTURE.md). */
export function Root() {
  return (
    <Routes>
      <Route path="/settings" element={<SettingsPage />} />
      <Route path="/rss" element={<RssPage />} />
      <Route path="/reset-password/:token" element={<ResetPasswordPage />} />
      <Route path="*" element={null} />
    </Routes>
  );
}
