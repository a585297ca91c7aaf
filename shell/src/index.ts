import { API_PREFIX } from '@blogstream/shared/contract/browser';
import {
  PUBLIC_CONFIG_URL,
  requestEarly,
  requestManifest,
  SESSION_CHECK_URL,
} from './composition/early-requests';

// Asked for at once, in parallel with the shell's own scripts: where the remotes live, who is
// signed in (whose answer also sets the cookies a first visit's other calls need) and the site's
// public configuration.
void requestManifest();
requestEarly(API_PREFIX, SESSION_CHECK_URL);
requestEarly(API_PREFIX, PUBLIC_CONFIG_URL);

// Async boundary: lets Module Federation negotiate shared singletons before any of them runs.
import('./bootstrap');
