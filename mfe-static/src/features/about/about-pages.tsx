import { CONTACT_EMAIL, SITE_NAME } from '@blogstream/shared/lib';
import { usePageMeta } from '@blogstream/shared/mfe';
import { PageContainer, PageTitle } from '@blogstream/shared/ui';

export function PrivacyPage() {
  usePageMeta({ title: 'Privacy policy' });
  return (
    <PageContainer>
      <PageTitle>Privacy policy</PageTitle>
      <p>Effective date: 5 October 2020.</p>
      <p>
        {SITE_NAME} keeps only what it needs to run your account: your name, your e-mail address, a
        hash of your password, the topics, bookmarks, collections and subscriptions you choose, and
        your digest setting. We do not sell your data or show advertising.
      </p>
      <p>
        Analytics, where enabled, anonymise your IP address and send no automatic page views. You
        can delete your account and its data at any time by writing to {CONTACT_EMAIL}.
      </p>
    </PageContainer>
  );
}

export function TermsPage() {
  usePageMeta({ title: 'Terms of service' });
  return (
    <PageContainer>
      <PageTitle>Terms of service</PageTitle>
      <p>
        {SITE_NAME} links to and summarises articles published by their authors; the articles belong
        to them. Use the site for your own reading; do not scrape it or abuse its services.
      </p>
      <p>
        The service is provided as is. These terms are governed by the law of the country in which
        the provider is established.
      </p>
    </PageContainer>
  );
}

export function AboutPage() {
  usePageMeta({ title: 'About' });
  return (
    <PageContainer>
      <PageTitle>About</PageTitle>
      <p>
        {SITE_NAME} is made by an indie maker who reads a lot of engineering blogs and wanted one
        calm place to find the good ones.
      </p>
      <p>
        Questions, ideas or a blog we should add? Write to{' '}
        <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
      </p>
    </PageContainer>
  );
}
