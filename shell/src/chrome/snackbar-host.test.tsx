import { act, screen } from '@testing-library/react';
import { RSS_COPY_SNACKBAR_DURATION_MS, messages } from '@blogstream/shared/lib';
import { snackbarShown } from '@blogstream/shared/store';
import { renderWithProviders } from '@blogstream/shared/testing';
import { SnackbarHost } from './snackbar-host';

/** Whether the message is still on screen just before and just after `durationMs`. */
async function onScreenAround(durationMs: number, show: ReturnType<typeof snackbarShown>) {
  const { store } = renderWithProviders(<SnackbarHost />);
  act(() => void store.dispatch(show));
  const message = show.payload.message;
  await act(async () => void jest.advanceTimersByTime(durationMs - 100));
  const before = screen.queryByText(message) !== null;
  await act(async () => void jest.advanceTimersByTime(200));
  const after = screen.queryByText(message) !== null;
  return { before, after };
}

describe('snackbar host', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("keeps 'RSS URL copied to clipboard!' on screen for 3 seconds", async () => {
    const copied = snackbarShown(messages.rssUrlCopied, {
      durationMs: RSS_COPY_SNACKBAR_DURATION_MS,
    });
    expect(await onScreenAround(3000, copied)).toEqual({ before: true, after: false });
  });

  it('keeps other messages on screen for 1 second', async () => {
    const saved = snackbarShown(messages.settingsSaved);
    expect(await onScreenAround(1000, saved)).toEqual({ before: true, after: false });
  });
});
