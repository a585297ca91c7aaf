import { screen } from '@testing-library/react';
import type { Source } from '@blogstream/shared/contract';
import { renderWithProviders } from '@blogstream/shared/testing';
import { SourceList } from '@blogstream/shared/widgets';

const cloudflare: Source = {
  source_id: 3,
  url_name: 'cloudflare',
  name: 'Cloudflare Engineering and Research Blog About the Edge',
  long_name: 'The Cloudflare Blog',
  logo_file: 'cloudflare.svg',
  following: false,
};

describe('source list', () => {
  it('wraps a source name only between words, clamps it, and keeps the full name on hover', () => {
    renderWithProviders(<SourceList label="Recommended" sources={[cloudflare]} />);
    const link = screen.getByRole('link', { name: cloudflare.name });
    expect(link).toHaveAttribute('href', '/source-feed/3');
    const name = screen.getByText(cloudflare.name);
    expect(name).toHaveAttribute('title', cloudflare.name);
    for (const element of [link, name]) {
      expect(element).not.toHaveStyle({ overflowWrap: 'anywhere' });
      expect(element).not.toHaveStyle({ wordBreak: 'break-all' });
    }
    expect(name).toHaveStyle({
      overflowWrap: 'normal',
      wordBreak: 'normal',
      hyphens: 'manual',
      overflow: 'hidden',
    });
    expect(name).toHaveStyle('-webkit-line-clamp: 2');
  });
});
