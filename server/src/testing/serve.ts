import type { AddressInfo } from 'node:net';
import type { App } from '../http/app-type.js';
import { closedIfLate } from './file-end.js';

export interface ServedApp {
  /** The loopback port it listens on (for tests that speak HTTP over a raw socket). */
  port: number;
  /** fetch() against the app, `path` starting with `/`. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/** Serves the app on a free loopback port: tests call it over real HTTP, as a browser does. */
export async function serve(app: App): Promise<ServedApp> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return closedIfLate<ServedApp>({
    port,
    fetch: (path, init) => fetch(`http://127.0.0.1:${port}${path}`, init),
    // A response whose body a test never read keeps its keep-alive connection busy, and
    // app.close() would wait for it until the hook times out.
    close: async () => {
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
    },
  });
}
