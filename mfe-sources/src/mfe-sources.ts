// The one module this remote exposes: single-spa lifecycles for the routes it owns.
import { createLifecycles } from '@blogstream/shared/mfe';
import { Root } from './root';

export const { bootstrap, mount, unmount } = createLifecycles(Root);
