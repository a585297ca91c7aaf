import type { ReactNode } from 'react';
import { PageContainer, PageTitle } from '@blogstream/shared/ui';
import { usePageMeta } from './page-title.js';
import { RequireReader } from './require-reader.js';

export interface TitledPageProps {
  /** The page's heading and its document title. */
  title: string;
  /** Only for signed-in readers: visitors get the login dialog instead of the content. */
  readersOnly?: boolean;
  children: ReactNode;
}

/** The common page: its title as heading and document title, then its content. */
export function TitledPage({ title, readersOnly = false, children }: TitledPageProps) {
  usePageMeta({ title });
  return (
    <PageContainer>
      <PageTitle>{title}</PageTitle>
      {readersOnly ? <RequireReader>{children}</RequireReader> : children}
    </PageContainer>
  );
}
