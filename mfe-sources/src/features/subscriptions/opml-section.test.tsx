import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  mockApi,
  readerFixture,
  renderWithProviders,
  type MockedApi,
} from '@blogstream/shared/testing';
import type { ImportOpmlResponse } from '@blogstream/shared/contract';
import { OpmlSection } from './opml-section';

const report: ImportOpmlResponse = {
  added: [
    { source_id: 7, url_name: 'cursor', long_name: 'Cursor', feed_url: 'https://cursor.com/rss' },
  ],
  known: [
    {
      source_id: 1,
      url_name: 'stripe',
      long_name: 'Stripe Blog',
      feed_url: 'https://stripe.com/blog/feed',
    },
  ],
  refused: [
    { title: 'Intranet', feed_url: 'http://10.0.0.1/feed', reason: 'private_address' },
    { title: 'Home page', feed_url: 'https://example.com/', reason: 'not_a_feed' },
  ],
};

const OPML = '<opml version="2.0"><body/></opml>';
// jsdom's File has no text(); a browser's has.
const opmlFile = () =>
  Object.assign(new File([OPML], 'feedly.opml', { type: 'text/x-opml' }), {
    text: () => Promise.resolve(OPML),
  });

let api: MockedApi;

function renderSection() {
  return renderWithProviders(<OpmlSection />, { reader: readerFixture() });
}

it('links the export download', () => {
  api = mockApi({});
  renderSection();
  const link = screen.getByRole('link', { name: 'Export subscriptions (OPML)' });
  expect(link).toHaveAttribute('href', '/api/subscriptions_opml');
  expect(link).toHaveAttribute('download', 'subscriptions.opml');
});

it('sends the chosen file and shows what was added, already known and refused', async () => {
  api = mockApi({
    'POST /import_opml': () => ({ data: report }),
    'GET /check_logged_in': () => ({ data: readerFixture() }),
  });
  renderSection();
  const importButton = screen.getByRole('button', { name: 'Import' });
  expect(importButton).toBeDisabled();
  await userEvent.upload(screen.getByLabelText('OPML file from another reader'), opmlFile());
  await userEvent.click(importButton);

  const shown = within(await screen.findByRole('region', { name: 'Import report' }));
  expect(shown.getByRole('status')).toHaveTextContent('2 sources followed, 2 refused.');
  expect(shown.getByRole('region', { name: 'Added (1)' })).toHaveTextContent('Cursor');
  expect(shown.getByRole('region', { name: 'Already known (1)' })).toHaveTextContent('Stripe Blog');
  const refused = within(shown.getByRole('region', { name: 'Refused (2)' }));
  expect(refused.getByText(/Intranet: not on the public internet/)).toBeInTheDocument();
  expect(refused.getByText(/Home page: not a feed/)).toBeInTheDocument();
  expect(api.calls.find((call) => call.key === 'POST /import_opml')?.body).toEqual({
    opml: OPML,
  });
});

it('says why a file was refused', async () => {
  api = mockApi({
    'POST /import_opml': () => ({ status: 400, data: { reason: 'OPML_INVALID' } }),
  });
  renderSection();
  await userEvent.upload(screen.getByLabelText('OPML file from another reader'), opmlFile());
  await userEvent.click(screen.getByRole('button', { name: 'Import' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('This file is not an OPML file.');
  expect(screen.queryByRole('region', { name: 'Import report' })).not.toBeInTheDocument();
});
