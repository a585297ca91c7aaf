import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { articleFixture, readerFixture, renderPage } from '@blogstream/shared/testing';
import { Root } from '../../root';

function renderCollection(verified = true) {
  let subscribed = false;
  return renderPage(<Root />, {
    route: '/collection/7',
    reader: readerFixture(),
    api: {
      'POST /get_collection': () => ({ data: { name: 'Kubernetes' } }),
      'POST /get_articles_in_collection/7': () => ({ data: [articleFixture(9, 'Saved one')] }),
      'POST /get_collection_digest': () => ({
        data: { subscribed, email: 'me@example.com', email_verified: verified },
      }),
      'POST /save_collection_digest': (body) => {
        subscribed = (body as { subscribed: boolean }).subscribed;
        return { data: { subscribed, email: 'me@example.com', email_verified: verified } };
      },
    },
  });
}

describe('collection weekly digest', () => {
  it('lets the owner turn the weekly digest to their address on and off', async () => {
    const { api } = renderCollection();
    const box = await screen.findByRole('checkbox', {
      name: 'E-mail me the new articles like these every week',
    });
    expect(box).not.toBeChecked();
    expect(screen.getByText(/Sent to me@example.com/)).toBeInTheDocument();
    await userEvent.click(box);
    await waitFor(() => expect(box).toBeChecked());
    expect(api.calls.find((call) => call.key === 'POST /save_collection_digest')?.body).toEqual({
      collectionId: 7,
      subscribed: true,
    });
    await userEvent.click(box);
    await waitFor(() => expect(box).not.toBeChecked());
  });

  it('asks for a confirmed address first', async () => {
    renderCollection(false);
    const box = await screen.findByRole('checkbox', {
      name: 'E-mail me the new articles like these every week',
    });
    expect(box).toBeDisabled();
    expect(
      screen.getByText('Confirm your e-mail address to get the weekly digest.'),
    ).toBeInTheDocument();
  });
});
