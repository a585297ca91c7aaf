import { screen, within } from '@testing-library/react';
import type { Summary } from '@blogstream/shared/contract';
import { renderWithProviders } from '@blogstream/shared/testing';
import { SummaryPanel } from '@blogstream/shared/widgets';

const link = 'https://blog.example/posts/1';
const summary: Summary = {
  bullet_points: [
    'Caching cut p99 latency by half.',
    'Misses now cost one round trip.',
    'Keys expire after a minute.',
  ],
  key_concepts: ['caching', 'p99 latency', 'round trip', 'expiry'],
  bullet_sources: [
    'In the end, caching cut our p99 latency by half.',
    'Misses now cost one round trip instead of three.',
    'Keys expire after a minute, so stale reads are rare.',
  ].map((sentence) => ({
    sentence,
    link: `${link}#:~:text=${encodeURIComponent(sentence)}`,
  })),
};

describe('summary panel', () => {
  it('ties every bullet to its source sentence: shown on hover, linked into the article', () => {
    renderWithProviders(<SummaryPanel state={{ status: 'shown', summary }} titleId="t" />);

    const bullets = within(screen.getByRole('list', { name: 'Summary' })).getAllByRole('listitem');
    expect(bullets).toHaveLength(3);
    bullets.forEach((bullet, index) => {
      const source = summary.bullet_sources![index]!;
      expect(bullet).toHaveTextContent(summary.bullet_points[index]!);
      expect(bullet).toHaveAttribute('title', source.sentence);
      const footnote = within(bullet).getByRole('link', {
        name: `Source of point ${index + 1} in the article`,
      });
      expect(footnote).toHaveAttribute('href', source.link);
      expect(footnote).toHaveAttribute('rel', 'noopener noreferrer');
    });
  });

  it('shows bullets without sources (older summaries) as plain points', () => {
    const { bullet_points, key_concepts } = summary;
    renderWithProviders(
      <SummaryPanel
        state={{ status: 'shown', summary: { bullet_points, key_concepts } }}
        titleId="t"
      />,
    );

    const bullets = within(screen.getByRole('list', { name: 'Summary' })).getAllByRole('listitem');
    expect(bullets.map((bullet) => bullet.textContent)).toEqual(bullet_points);
    expect(screen.queryByRole('link', { name: /^Source of point/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'p99 latency' })).toHaveAttribute(
      'href',
      '/search?searchQuery=p99+latency',
    );
  });

  it('links a source sentence only into an http(s) page, never another scheme', () => {
    const hostile: Summary = {
      ...summary,
      bullet_sources: summary.bullet_sources!.map((source, index) => ({
        sentence: source.sentence,
        link: ['javascript:alert(1)#:~:text=x', '', source.link][index]!,
      })),
    };
    renderWithProviders(<SummaryPanel state={{ status: 'shown', summary: hostile }} titleId="t" />);

    const footnotes = screen.getAllByRole('link', { name: /^Source of point/ });
    expect(footnotes).toHaveLength(1);
    expect(footnotes[0]).toHaveAccessibleName('Source of point 3 in the article');
    const bullets = within(screen.getByRole('list', { name: 'Summary' })).getAllByRole('listitem');
    expect(bullets[0]).toHaveAttribute('title', summary.bullet_sources![0]!.sentence);
  });
});
