import { createRoot } from 'react-dom/client';
import { start } from 'single-spa';
import { adoptEarlyAnswer, prefetchLandingFeed } from '@blogstream/shared/api';
import { checkSession, makeStore } from '@blogstream/shared/store';
import { AppProviders } from '@blogstream/shared/mfe';
import { requestManifest, takeEarlyAnswers } from './composition/early-requests';
import { registerRemoteApplications } from './composition/register-remotes';
import { adoptFirstViewState, dropUnclaimedFirstViews } from './composition/first-views';
import { Chrome } from './chrome/chrome';
import { registerServiceWorker } from './service-worker/register';

const store = makeStore();

function mountChrome(): void {
  const container = document.getElementById('shell-chrome');
  if (!container) throw new Error('The shell page has no #shell-chrome element');
  createRoot(container).render(
    <AppProviders store={store} withGlobalStyle>
      <Chrome />
    </AppProviders>,
  );
}

async function main(): Promise<void> {
  // A search's or topic's first view came with its articles: the feed's query finds them.
  adoptFirstViewState(store);
  // The session check index.ts started is the one this check takes.
  for (const [url, answer] of takeEarlyAnswers()) adoptEarlyAnswer(url, answer);
  const sessionChecked = checkSession(store);
  // A search's or a topic's articles load while the remote that shows them does, once the session
  // check has answered: its answer sets the XSRF cookie a first visit's feed call needs.
  void sessionChecked.then(() => prefetchLandingFeed(store.dispatch, window.location));
  try {
    registerRemoteApplications(await requestManifest(), store);
    dropUnclaimedFirstViews(store);
    start({ urlRerouteOnly: true });
  } finally {
    // After the page's remote has started loading: its content comes first.
    mountChrome();
  }
  await sessionChecked;
}

void main().catch((error: unknown) => {
  console.error('The site could not start', error);
});
registerServiceWorker();
