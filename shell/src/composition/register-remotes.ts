import { registerApplication, triggerAppChange, type LifeCycles } from 'single-spa';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { MfeManifest, RemoteName } from '@blogstream/shared/contract';
import { selectLoggedIn, type AppStore } from '@blogstream/shared/store';
import type { MfeCustomProps } from '@blogstream/shared/mfe';
import { isRemoteActive } from './activity';
import { createLoadingProgress } from './loading-progress';

async function loadLifecycles(remote: RemoteName): Promise<LifeCycles<MfeCustomProps>> {
  const lifecycles = await loadRemote<LifeCycles<MfeCustomProps>>(`${remote}/app`);
  if (!lifecycles) throw new Error(`Remote ${remote} exposes no ./app module`);
  return lifecycles;
}

/**
 * Tells the Module Federation runtime where each remote lives and registers one single-spa
 * application per remote, handing each the one store of the page.
 */
export function registerRemoteApplications(manifest: MfeManifest, store: AppStore): void {
  const remotes = Object.entries(manifest.remotes) as [RemoteName, { entry: string }][];
  registerRemotes(
    remotes.map(([name, { entry }]) => ({
      name,
      entry: new URL(entry, window.location.href).href,
    })),
  );
  const whileLoading = createLoadingProgress(store);
  for (const [name] of remotes) {
    registerApplication<MfeCustomProps>({
      name,
      app: () => whileLoading(() => loadLifecycles(name)),
      activeWhen: (location) =>
        isRemoteActive(name, location.pathname, selectLoggedIn(store.getState())),
      customProps: { store },
    });
  }
  let lastLoggedIn = selectLoggedIn(store.getState());
  store.subscribe(() => {
    const loggedIn = selectLoggedIn(store.getState());
    if (loggedIn === lastLoggedIn) return;
    lastLoggedIn = loggedIn;
    void triggerAppChange();
  });
}
