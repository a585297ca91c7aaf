import { Route, Routes } from 'react-router-dom';
import { LandingPage } from './features/landing/landing-page';
import { AboutPage, PrivacyPage, TermsPage } from './features/about/about-pages';
import { SubmitBlogPage } from './features/submit-blog/submit-blog-page';
import { BlogPage } from './features/blog/blog-page';

/** The routes mfe-static owns (docs/ARCHITECTURE.md). */
export function Root() {
  return (
    <Routes>
      <Route path="/" element={<LandingPage />} />
      <Route path="/about/privacy" element={<PrivacyPage />} />
      <Route path="/about/terms" element={<TermsPage />} />
      <Route path="/about/about" element={<AboutPage />} />
      <Route path="/submit-blog" element={<SubmitBlogPage />} />
      <Route path="/blog/*" element={<BlogPage />} />
      <Route path="*" element={null} />
    </Routes>
  );
}
