import type { Article } from '@blogstream/shared/contract';

/** Articles shaped as the feed calls answer them, for widget tests. */
export function makeArticles(count: number, firstId = 1): Article[] {
  return Array.from({ length: count }, (_, index) => {
    const id = firstId + index;
    return {
      post_id: id,
      title: `Article ${id}`,
      description: `What article ${id} is about, in a few plain sentences.`,
      link: `https://blog.example/posts/${id}`,
      image: null,
      source_type: 'blog',
      source_name: 'Example Engineering',
      source_url_name: 'example-engineering',
      source_logo_file: 'example-engineering.svg',
      publishing_date: '2026-11-01T10:00:00.000Z',
      bookmarked: false,
    };
  });
}
