import { screen } from '@testing-library/react';
import { mockApi, publicConfigFixture, renderWithProviders } from '@blogstream/shared/testing';
import { Root } from '../../root';

beforeEach(() => {
  mockApi({
    'GET /public_config': () => ({
      data: {
        ...publicConfigFixture,
        siteName: 'Engblogs',
        contactEmail: 'maker@engblogs.example',
      },
    }),
  });
});

describe('pages the operator configures', () => {
  it('names the site and the contact address from configuration on the about page', async () => {
    renderWithProviders(<Root />, { route: '/about/about' });
    expect(await screen.findByRole('link', { name: 'maker@engblogs.example' })).toHaveAttribute(
      'href',
      'mailto:maker@engblogs.example',
    );
    expect(screen.getByText(/Engblogs is made by an indie maker/)).toBeInTheDocument();
  });

  it('states the governing law of the terms from configuration', async () => {
    renderWithProviders(<Root />, { route: '/about/terms' });
    expect(
      await screen.findByText(/These terms are governed by the law of England and Wales\./),
    ).toBeInTheDocument();
  });
});

describe('static pages', () => {
  it('shows the privacy policy with its effective date and the configured contact', async () => {
    renderWithProviders(<Root />, { route: '/about/privacy' });
    expect(screen.getByRole('heading', { name: 'Privacy policy' })).toBeInTheDocument();
    expect(screen.getByText('Effective date: 5 October 2020.')).toBeInTheDocument();
    expect(document.title).toBe('Privacy policy | Blogstream');
    expect(await screen.findByText(/by writing to maker@engblogs\.example/)).toBeInTheDocument();
  });
});
