import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@blogstream/shared/testing';
import { Root } from '../../root';

describe('the blog', () => {
  it('lists the posts newest first and renders one from its Markdown', async () => {
    renderWithProviders(<Root />, { route: '/blog/' });
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'How search works',
      'Introducing Blogstream',
    ]);
    await userEvent.click(screen.getByRole('link', { name: 'Introducing Blogstream' }));
    expect(
      screen.getByRole('heading', { level: 1, name: 'Introducing Blogstream' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'What you get' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Submit it' })).toHaveAttribute('href', '/submit-blog');
    expect(document.title).toBe('Introducing Blogstream | Blogstream');
  });

  it('says so for a post that does not exist', () => {
    renderWithProviders(<Root />, { route: '/blog/nope' });
    expect(screen.getByText('There is no such post.')).toBeInTheDocument();
  });
});
