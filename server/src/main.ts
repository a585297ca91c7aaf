import type { AddressInfo } from 'node:net';
import { buildApp } from './app.js';
import { seedCatalogue } from './ingestion/catalogue/seed-catalogue.js';
import { loadConfig, type Config } from './config.js';
import { bundledMigrations, migrate } from './db/connection/migrations.js';
import { openDatabase } from './db/connection/open.js';
import { recordPublicUrl } from './db/settings.js';
import { explainError } from './explain-error.js';
import { startContentJobs } from './jobs/content-jobs.js';
import { consoleLog } from './lib/log.js';

type Stop = () => Promise<void>;

function browserUrl(host: string, port: number): string {
  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}`;
}

function describeCrawling(config: Config): string {
  const { onStart, schedule } = config.crawl;
  const when = [onStart ? 'at start' : '', schedule ? `on "${schedule}"` : ''].filter(Boolean);
  return when.length > 0 ? `crawling ${when.join(' and ')}` : 'crawling is off';
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
    if (config.crawl.seedCatalogue) {
      const { inserted, updated, copiesRemoved } = await seedCatalogue(db);
      if (inserted + updated + copiesRemoved > 0) {
        console.info(
          `Source catalogue: ${inserted} sources added, ${updated} updated, ` +
            `${copiesRemoved} imported copies removed`,
        );
      }
    }
    if (config.role !== 'worker') {
      // Admin commands without PUBLIC_URL of their own link their e-mails to this address.
      await recordPublicUrl(db, config.accounts.publicUrl);
      const app = await buildApp({ config, db, warmUpSearch: true });
      stops.unshift(() => app.close());
      await app.listen({ port: config.port, host: config.host });
      const { port } = app.server.address() as AddressInfo;
      console.info(`Blogstream is running at ${browserUrl(config.host, port)}`);
    }
    if (config.role !== 'web') {
      stops.unshift(startContentJobs(db, config, consoleLog(config.logLevel)));
      console.info(`Background jobs run in this process (${describeCrawling(config)}).`);
    }
    if (config.role === 'worker' && !config.crawl.schedule) {
      // Without a schedule no timer keeps a worker's event loop alive.
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
