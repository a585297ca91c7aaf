import type { AddressInfo } from 'node:net';
import { buildApp } from './app.js';
import { loadConfig, type Config } from './config.js';
import { bundledMigrations, migrate } from './db/migrations.js';
import { openDatabase } from './db/open.js';
import { explainError } from './explain-error.js';

type Stop = () => Promise<void>;

function browserUrl(host: string, port: number): string {
  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}`;
}

/** Starts what the configured role runs; the returned function stops it again. */
async function start(config: Config): Promise<Stop> {
  const db = await openDatabase(config, (error) =>
    console.error(`A database connection was lost: ${error.message}`),
  );
  const stops: Stop[] = [() => db.close()];
  const stopAll = async () => {
    for (const stop of stops) await stop();
  };
  try {
    for (const name of await migrate(db, await bundledMigrations())) {
      console.info(`Applied database migration ${name}`);
    }
    if (config.role !== 'worker') {
      const app = await buildApp({ config, db });
      stops.unshift(() => app.close());
      await app.listen({ port: config.port, host: config.host });
      const { port } = app.server.address() as AddressInfo;
      console.info(`Blogstream is running at ${browserUrl(config.host, port)}`);
    }
    if (config.role !== 'web') {
      console.info('Background jobs will run in this process (the job system is not built yet).');
    }
    if (config.role === 'worker') {
      // Until the job scheduler exists, nothing else keeps a worker's event loop alive.
      const keepAlive = setInterval(() => undefined, 2 ** 31 - 1);
      stops.unshift(async () => clearInterval(keepAlive));
    }
    return stopAll;
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/**
 * Listening from the very start means a signal during startup lets startup finish and then stops
 * cleanly, rather than killing the process halfway through creating the database. Repeated signals
 * (Ctrl+C under `npm start` reaches this process from the terminal and from its parent) are no-ops.
 */
function shutdownSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    process.on('SIGINT', resolve);
    process.on('SIGTERM', resolve);
  });
}

const signalled = shutdownSignal();
let stop: Stop;
try {
  stop = await start(loadConfig());
} catch (error) {
  const explanation = explainError(error);
  if (explanation) console.error(explanation);
  else console.error('Blogstream could not start:', error);
  process.exit(1);
}

console.info(`${await signalled} received, shutting down`);
try {
  await stop();
  process.exit(0);
} catch (error) {
  console.error('Shutdown failed:', error);
  process.exit(1);
}
