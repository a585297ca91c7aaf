import { act, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { noteAnswerSource } from '@blogstream/shared/api';
import { theme } from '@blogstream/shared/ui';
import { OfflineBanner } from './offline-banner';

function goOnline(online: boolean) {
  jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => jest.restoreAllMocks());

function renderBanner() {
  render(
    <ThemeProvider theme={theme}>
      <OfflineBanner />
    </ThemeProvider>,
  );
}

it('shows nothing while the browser is online', () => {
  renderBanner();
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});

it('says so when the browser goes offline, and goes when it is back online', () => {
  renderBanner();
  goOnline(false);
  expect(screen.getByRole('status')).toHaveTextContent('You are offline: showing saved pages.');
  goOnline(true);
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});

it('shows at once on a page loaded offline', () => {
  jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  renderBanner();
  expect(screen.getByRole('status')).toHaveTextContent(/offline/);
});

it('says so when the service worker answers from its saved copies, though the browser says online', () => {
  renderBanner();
  act(() => noteAnswerSource(true));
  expect(screen.getByRole('status')).toHaveTextContent('You are offline: showing saved pages.');
  act(() => noteAnswerSource(false));
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});
