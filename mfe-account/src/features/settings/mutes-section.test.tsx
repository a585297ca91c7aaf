import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FeedFilters, Mute } from '@blogstream/shared/contract';
import { readerFixture, renderPage } from '@blogstream/shared/testing';
import { Root } from '../../root';

let mutes: Mute[];

const mute = (kind: Mute['kind'], value: string, label = value): Mute => ({
  kind,
  value,
  label,
  created_at: '2026-11-24T12:00:00.000Z',
});

function render() {
  return renderPage(<Root />, {
    route: '/settings',
    reader: readerFixture(),
    api: {
      'POST /get_user_settings': () => ({ data: { email_digest_frequency: 0, theme: 'system' } }),
      'POST /get_feed_filters': () => ({ data: { hide_read: false, mutes } satisfies FeedFilters }),
      'POST /remove_mute': (body) => {
        const { kind, value } = body as Pick<Mute, 'kind' | 'value'>;
        mutes = mutes.filter((item) => item.kind !== kind || item.value !== value);
        return { data: { ok: true } };
      },
    },
  });
}

describe('settings: mutes', () => {
  it('lists the mutes and removes one', async () => {
    mutes = [
      mute('keyword', 'rust'),
      mute('topic', 'DevOps'),
      mute('source', 'alpha', 'Alpha Engineering'),
    ];
    const { api } = render();
    const section = await screen.findByRole('region', { name: 'Muted' });
    const list = await within(section).findByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual(['Keyword: rust', 'Topic: DevOps', 'Source: Alpha Engineering']);

    await userEvent.click(
      within(section).getByRole('button', { name: 'Unmute Source: Alpha Engineering' }),
    );
    await waitFor(() =>
      expect(within(section).queryByText('Source: Alpha Engineering')).not.toBeInTheDocument(),
    );
    expect(api.calls.find((call) => call.key === 'POST /remove_mute')?.body).toEqual({
      kind: 'source',
      value: 'alpha',
    });
    expect(within(section).getAllByRole('listitem')).toHaveLength(2);
  });

  it('says when nothing is muted', async () => {
    mutes = [];
    render();
    const section = await screen.findByRole('region', { name: 'Muted' });
    expect(await within(section).findByText('Nothing is muted.')).toBeInTheDocument();
  });
});
