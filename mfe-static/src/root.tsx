import { RemoteRoutes } from '@blogstream/shared/mfe';
import { LandingPage } from './features/landing/landing-page';
import { AboutPage, PrivacyPage, TermsPage } from './features/about/about-pages';
import { SubmitBlogPage } from './features/submit-blog/submit-blog-page';
import { BlogPage } from './features/blog/blog-page';

/** The pages of the routes mfe-static owns (the table: shared/src/contract/routes.ts). */
export function Root() {
  return (
    <RemoteRoutes
      remote="mfe_static"
      pages={{
        landing: <LandingPage />,
        privacy: <PrivacyPage />,
        terms: <TermsPage />,
        about: <AboutPage />,
        submitBlog: <SubmitBlogPage />,
        blogRoot: <BlogPage />,
        blog: <BlogPage />,
      }}
    />
  );
}
