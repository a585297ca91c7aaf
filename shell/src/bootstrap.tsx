import { createRoot } from 'react-dom/client';
import { start } from 'single-spa';
import { checkSession, makeStore } from '@blogstream/shared/store';
import { AppProviders } from '@blogstream/shared/mfe';
import { fetchManifest } from './composition/manifest';
import { registerRemoteApplications } from './composition/register-remotes';
import { Chrome } from './chrome/chrome';

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
  mountChrome();
  const sessionChecked = checkSession(store);
  registerRemoteApplications(await fetchManifest(), store);
  start({ urlRerouteOnly: true });
  await sessionChecked;
}

void main().catch((error: unknown) => {
  console.error('The site could not start', error);
});
