import introducing from './2026-11-02-introducing-blogstream.md';
import howSearchWorks from './2026-11-16-how-search-works.md';

export interface BlogPost {
  slug: string;
  title: string;
  /** ISO date of publication. */
  date: string;
  markdown: string;
}

/** The product's own posts, newest first. A post is a Markdown file here plus one entry. */
export const blogPosts: BlogPost[] = [
  {
    slug: 'how-search-works',
    title: 'How search works',
    date: '2026-11-16',
    markdown: howSearchWorks,
  },
  {
    slug: 'introducing-blogstream',
    title: 'Introducing Blogstream',
    date: '2026-11-02',
    markdown: introducing,
  },
];
