import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  mockApi,
  publicConfigFixture,
  renderWithProviders,
  solveCaptchaWidget,
  type MockedApi,
} from '@blogstream/shared/testing';
import { Root } from '../../root';

let api: MockedApi;
afterEach(() => api.restore());

function render(status = 200) {
  api = mockApi({
    'GET /public_config': () => ({ data: publicConfigFixture }),
    'POST /submit_source': () => ({
      status,
      data: status === 200 ? { ok: true } : { reason: 'X' },
    }),
  });
  renderWithProviders(<Root />, { route: '/submit-blog' });
}

describe('submit blog', () => {
  it('explains the manual review and validates each field', async () => {
    render();
    expect(screen.getByRole('heading', { name: 'Submit blog' })).toBeInTheDocument();
    expect(
      screen.getByText(/reviewed manually, which may take a couple of days/),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Blog name is required')).toBeInTheDocument();
    expect(screen.getByText('Blog URL is required')).toBeInTheDocument();
    expect(screen.getByText('E-mail is required')).toBeInTheDocument();
  });

  it('needs the captcha, then thanks the submitter (Enter submits)', async () => {
    render();
    await userEvent.type(screen.getByLabelText('Blog Name'), 'Example Engineering');
    await userEvent.type(screen.getByLabelText('Blog URL'), 'https://eng.example.com');
    await userEvent.type(screen.getByLabelText('Your email'), 'me@example.com{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Please complete the reCaptcha');
    await solveCaptchaWidget('pow');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Thank you for your submission!')).toBeInTheDocument();
    expect(api.calls.find((call) => call.key === 'POST /submit_source')?.body).toEqual({
      name: 'Example Engineering',
      url: 'https://eng.example.com',
      email: 'me@example.com',
      recaptchaVerifyToken: 'pow',
    });
  });

  it('reports a failure', async () => {
    render(500);
    await userEvent.type(screen.getByLabelText('Blog Name'), 'Example');
    await userEvent.type(screen.getByLabelText('Blog URL'), 'https://eng.example.com');
    await userEvent.type(screen.getByLabelText('Your email'), 'me@example.com');
    await solveCaptchaWidget('pow');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was an error. Please try again.',
    );
  });
});
