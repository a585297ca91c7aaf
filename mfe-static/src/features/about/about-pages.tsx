import { usePublicConfigQuery, useSiteName } from '@blogstream/shared/api';
import { CONTACT_EMAIL } from '@blogstream/shared/lib';
import { TitledPage } from '@blogstream/shared/mfe';

/** The contact address the operator configured (the built-in one until config arrives). */
function useContactEmail(): string {
  return usePublicConfigQuery().data?.contactEmail ?? CONTACT_EMAIL;
}

export function PrivacyPage() {
  const siteName = useSiteName();
  const contactEmail = useContactEmail();
  return (
    <TitledPage title="Privacy policy">
      <p>Effective date: 5 October 2020.</p>
      <p>
        {siteName} keeps only what it needs to run your account: your name, your e-mail address, a
        hash of your password, the topics, bookmarks, collections and subscriptions you choose, and
        your digest setting. We do not sell your data or show advertising.
      </p>
      <p>
        Analytics, where enabled, anonymise your IP address and send no automatic page views. You
        can delete your account and its data at any time by writing to {contactEmail}.
      </p>
    </TitledPage>
  );
}

export function TermsPage() {
  const siteName = useSiteName();
  const governingLaw = usePublicConfigQuery().data?.termsGoverningLaw;
  return (
    <TitledPage title="Terms of service">
      <p>
        {siteName} links to and summarises articles published by their authors; the articles belong
        to them. Use the site for your own reading; do not scrape it or abuse its services.
      </p>
      <p>
        The service is provided as is.
        {governingLaw ? ` These terms are governed by the law of ${governingLaw}.` : null}
      </p>
    </TitledPage>
  );
}

export function AboutPage() {
  const siteName = useSiteName();
  const contactEmail = useContactEmail();
  return (
    <TitledPage title="About">
      <p>
        {siteName} is made by an indie maker who reads a lot of engineering blogs and wanted one
        calm place to find the good ones.
      </p>
      <p>
        Questions, ideas or a blog we should add? Write to{' '}
        <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.
      </p>
    </TitledPage>
  );
}
