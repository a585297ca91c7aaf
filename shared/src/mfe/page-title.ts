import { useEffect } from 'react';
import { SITE_NAME } from '@blogstream/shared/lib';

export interface PageMeta {
  /** Page title without the site name; undefined for the home page. */
  title?: string | undefined;
  description?: string | undefined;
  image?: string | undefined;
  /** False: the title stands alone, as the spec words it (topic pages: '{topic} Blogs'). */
  withSiteName?: boolean | undefined;
}

function setMetaTag(attribute: 'name' | 'property', key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.content = content;
}

/** Sets the document title and the social-card tags of the current page. */
function applyPageMeta({ title, description, image, withSiteName = true }: PageMeta): void {
  const fullTitle = title ? (withSiteName ? `${title} | ${SITE_NAME}` : title) : SITE_NAME;
  document.title = fullTitle;
  setMetaTag('property', 'og:title', fullTitle);
  setMetaTag('name', 'twitter:title', fullTitle);
  if (description) {
    setMetaTag('name', 'description', description);
    setMetaTag('property', 'og:description', description);
    setMetaTag('name', 'twitter:description', description);
  }
  if (image) {
    setMetaTag('property', 'og:image', image);
    setMetaTag('name', 'twitter:image', image);
  }
}

export function usePageMeta(meta: PageMeta): void {
  const { title, description, image, withSiteName } = meta;
  useEffect(() => {
    applyPageMeta({ title, description, image, withSiteName });
  }, [title, description, image, withSiteName]);
}
