import type { ArticleToVisit } from '../../db/article-pages.js';
import type { ArticlePage } from './extract-page.js';
import { mergePage } from './visit-pages.js';

const fromFeed: ArticleToVisit = {
  postId: 1,
  link: 'https://blog.example/post',
  title: 'The post',
  description: '',
  content: '',
  image: 'https://blog.example/first-inline.png',
  imageDeclared: false,
  publishingDate: null,
};

const page: ArticlePage = {
  publishedAt: new Date('2013-12-16T16:00:00Z'),
  imageUrl: 'https://blog.example/card.png',
  title: 'The post',
  mainText:
    'Posted by Ada\nThe page explains what the feed left out, in sentences a reader can use as a preview.\nMore text.',
  blocks: [{ kind: 'paragraph', text: 'Posted by Ada' }],
  excerpt: null,
};

test('a page fills in what the feed left out: date, declared image, text with its blocks and preview', () => {
  expect(mergePage(fromFeed, page)).toEqual({
    publishingDate: page.publishedAt,
    image: 'https://blog.example/card.png',
    description:
      'The page explains what the feed left out, in sentences a reader can use as a preview.',
    content: page.mainText,
    blocks: page.blocks,
  });
});

test('what the feed said stays: its date, its declared image, a prose preview, a longer body', () => {
  const dated = new Date('2024-05-14T09:30:00Z');
  const complete: ArticleToVisit = {
    ...fromFeed,
    description: 'The feed had its own preview, written by the author, and it stays as it is.',
    content: 'x'.repeat(500),
    image: 'https://cdn.example/declared.jpg',
    imageDeclared: true,
    publishingDate: dated,
  };
  expect(mergePage(complete, { ...page, mainText: 'short' })).toEqual({
    publishingDate: dated,
    image: 'https://cdn.example/declared.jpg',
    description: complete.description,
    content: complete.content,
    blocks: null,
  });
});

test('a page with no image keeps the picture guessed from the feed', () => {
  expect(mergePage(fromFeed, { ...page, imageUrl: null }).image).toBe(fromFeed.image);
});
