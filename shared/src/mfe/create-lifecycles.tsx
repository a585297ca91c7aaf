import React, { type ComponentType } from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { AppStore } from '@blogstream/shared/store';
import { AppProviders } from './app-providers.js';
import { RemoteError } from './remote-error.js';

/** What the shell hands every application when it mounts it. */
export interface MfeCustomProps {
  store: AppStore;
}

/**
 * single-spa lifecycles for a remote: renders its root inside the shared providers with the
 * store the shell passed in, so every remote reads and writes the one store of the page.
 */
export function createLifecycles(Root: ComponentType) {
  function MfeRoot({ store }: MfeCustomProps) {
    return (
      <AppProviders store={store}>
        <Root />
      </AppProviders>
    );
  }
  return singleSpaReact<MfeCustomProps>({
    React,
    ReactDOMClient,
    rootComponent: MfeRoot,
    errorBoundary: (error) => {
      console.error('Micro-frontend crashed', error);
      return <RemoteError />;
    },
  });
}
