import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { publicConfigFixture, renderPage, solveCaptchaWidget } from '@blogstream/shared/testing';
import { Root } from '../../root';

function render(status = 200, answer: object = { ok: true }) {
  return renderPage(<Root />, {
    route: '/submit-blog',
    api: {
      'GET /public_config': () => ({ data: publicConfigFixture }),
      'POST /submit_source': () => ({
        status,
        data: status === 200 ? answer : { reason: 'X' },
      }),
    },
  });
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
    const { api } = render();
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

  it('takes a bare address, as people type it, as https', async () => {
    const { api } = render();
    await userEvent.type(screen.getByLabelText('Blog Name'), 'Netflix TechBlog');
    await userEvent.type(screen.getByLabelText('Blog URL'), 'netflixtechblog.com');
    await userEvent.type(screen.getByLabelText('Your email'), 'me@example.com');
    await solveCaptchaWidget('pow');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Thank you for your submission!')).toBeInTheDocument();
    expect(api.calls.find((call) => call.key === 'POST /submit_source')?.body).toMatchObject({
      url: 'https://netflixtechblog.com',
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

  it('shows the automated checks with the thanks', async () => {
    render(200, {
      ok: true,
      feed_url: 'https://eng.example.com/feed.xml',
      duplicate_of: null,
      checks: [
        { name: 'feedFound', status: 'passed', detail: 'The page announces the feed X.' },
        { name: 'validFeed', status: 'passed', detail: 'A valid RSS feed with 3 entries.' },
        {
          name: 'recentPosts',
          status: 'failed',
          detail: 'The newest post is from 2026-01-02, more than 90 days ago.',
        },
        {
          name: 'notDuplicate',
          status: 'passed',
          detail: 'Blogstream does not have this blog yet.',
        },
      ],
    });
    await userEvent.type(screen.getByLabelText('Blog Name'), 'Example');
    await userEvent.type(screen.getByLabelText('Blog URL'), 'https://eng.example.com');
    await userEvent.type(screen.getByLabelText('Your email'), 'me@example.com');
    await solveCaptchaWidget('pow');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you for your submission!');
    expect(screen.getByRole('heading', { name: 'Automated checks' })).toBeInTheDocument();
    expect(screen.getByText(/Some automated checks did not pass/)).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Automated checks' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.textContent)).toEqual([
      'Feed found on the page: Passed — The page announces the feed X.',
      'Valid feed: Passed — A valid RSS feed with 3 entries.',
      'Recent posts: Failed — The newest post is from 2026-01-02, more than 90 days ago.',
      'Not already on Blogstream: Passed — Blogstream does not have this blog yet.',
    ]);
  });

  it('says when every check passed', async () => {
    render(200, {
      ok: true,
      checks: ['feedFound', 'validFeed', 'recentPosts', 'notDuplicate'].map((name) => ({
        name,
        status: 'passed',
        detail: 'Fine.',
      })),
    });
    await userEvent.type(screen.getByLabelText('Blog Name'), 'Example');
    await userEvent.type(screen.getByLabelText('Blog URL'), 'https://eng.example.com');
    await userEvent.type(screen.getByLabelText('Your email'), 'me@example.com');
    await solveCaptchaWidget('pow');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Your blog passed every automated check.')).toBeInTheDocument();
  });
});
