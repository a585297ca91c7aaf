import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectSnackbar } from '@blogstream/shared/store';
import {
  publicConfigFixture,
  renderPage,
  solveCaptchaWidget,
  type MockReply,
} from '@blogstream/shared/testing';
import { Root } from '../../root';

function render(route: string, handlers: Record<string, () => MockReply> = {}) {
  return renderPage(<Root />, {
    route,
    api: {
      'GET /public_config': () => ({ data: publicConfigFixture }),
      'POST /get_topic_description': () => ({ data: [] }),
      'POST /get_sources_for_topic': () => ({ data: [] }),
      'POST /search_for_discover_feed': () => ({ data: [] }),
      'POST /subscribe_topic_digest': () => ({ data: { ok: true } }),
      ...handlers,
    },
  });
}

describe('topic weekly digest', () => {
  it('subscribes a visitor with their address and the captcha, then asks them to confirm by e-mail', async () => {
    const { api } = render('/topic/Security');
    const section = await screen.findByRole('region', { name: 'Weekly digest' });
    expect(section).toHaveTextContent(/once a week/);
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByText('E-mail is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Your email'), 'me@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please complete the reCaptcha');
    await solveCaptchaWidget('pow');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await within(section).findByRole('status')).toHaveTextContent(
      'Almost done: open the link we sent to me@example.com to confirm your weekly Security digest.',
    );
    expect(api.calls.find((call) => call.key === 'POST /subscribe_topic_digest')?.body).toEqual({
      email: 'me@example.com',
      topic: 'Security',
      recaptchaVerifyToken: 'pow',
    });
  });

  it('says when too many subscriptions were asked for', async () => {
    render('/topic/Security', {
      'POST /subscribe_topic_digest': () => ({ status: 429, data: { reason: 'RATE_LIMITED' } }),
    });
    await userEvent.type(await screen.findByLabelText('Your email'), 'me@example.com');
    await solveCaptchaWidget('pow');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/too many/i);
  });

  it('confirms the e-mailed link on arrival and drops the token from the address', async () => {
    const { api, store } = render('/topic/Security?digestConfirm=tok-1', {
      'POST /confirm_digest_subscription': () => ({
        data: { kind: 'topic', target: 'Security' },
      }),
    });
    await waitFor(() =>
      expect(selectSnackbar(store.getState())).toMatchObject({
        message: expect.stringContaining('Your weekly Security digest is confirmed') as string,
        severity: 'success',
      }),
    );
    expect(
      api.calls.find((call) => call.key === 'POST /confirm_digest_subscription')?.body,
    ).toEqual({ token: 'tok-1' });
    expect(window.location.search).toBe('');
  });

  it('says when the confirmation link has expired', async () => {
    const { store } = render('/topic/Security?digestConfirm=old', {
      'POST /confirm_digest_subscription': () => ({
        status: 410,
        data: { reason: 'LINK_EXPIRED' },
      }),
    });
    await waitFor(() =>
      expect(selectSnackbar(store.getState())).toMatchObject({
        message: 'This confirmation link has expired. Subscribe again to get a new one.',
        severity: 'error',
      }),
    );
  });
});
