import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { useSiteName } from '@blogstream/shared/api';
import { clientPath } from '@blogstream/shared/contract/browser';
import { usePageMeta } from '@blogstream/shared/mfe';
import { PageContainer, PageTitle } from '@blogstream/shared/ui';
import { blogPosts, type BlogPost } from './posts';

// The Markdown renderer loads with the first post read, not with the remote (which brings the
// landing page every visitor sees first).
const PostBody = lazy(() => import('./post-body').then((loaded) => ({ default: loaded.PostBody })));

const Dated = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const PostList = styled.ul`
  padding: 0;
  list-style: none;
  li {
    margin-bottom: 20px;
  }
  a {
    font-size: 1.2rem;
    font-weight: 600;
  }
`;

const longDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

function PostView({ post }: { post: BlogPost }) {
  usePageMeta({ title: post.title });
  return (
    <article>
      <PageTitle>{post.title}</PageTitle>
      <Dated>{longDate(post.date)}</Dated>
      <Suspense fallback={null}>
        <PostBody markdown={post.markdown} />
      </Suspense>
      <p>
        <Link to={clientPath('blog')}>All posts</Link>
      </p>
    </article>
  );
}

function PostIndex() {
  const siteName = useSiteName();
  usePageMeta({ title: 'Blog' });
  return (
    <>
      <PageTitle>The {siteName} blog</PageTitle>
      <PostList>
        {blogPosts.map((post) => (
          <li key={post.slug}>
            <Link to={clientPath('blog', { '*': post.slug })}>{post.title}</Link>
            <Dated>{longDate(post.date)}</Dated>
          </li>
        ))}
      </PostList>
    </>
  );
}

/** The product's own blog at /blog/ (the drawer is hidden there). */
export function BlogPage() {
  const slug = useParams()['*']?.replace(/\/$/, '');
  const post = slug ? blogPosts.find((candidate) => candidate.slug === slug) : undefined;
  return (
    <PageContainer>
      {slug && !post ? <p>There is no such post.</p> : null}
      {post ? <PostView post={post} /> : null}
      {!slug ? <PostIndex /> : null}
    </PageContainer>
  );
}
