import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { repoRoot } from './site.js';

/**
 * Raw SQL against a running embedded site, through the loopback socket its server publishes in
 * DATA_DIR/.server.json for the operator's commands (the channel `npm run admin` uses). For drills
 * that must put values into the database that the product's own writers would refuse.
 */

export type Query = <Row = Record<string, unknown>>(
  text: string,
  values?: unknown[],
) => Promise<{ rows: Row[] }>;

interface PgClient {
  connect(): Promise<void>;
  query: Query;
  end(): Promise<void>;
}

const requireFromServer = createRequire(path.join(repoRoot, 'server/package.json'));

export async function withRawSql<T>(
  dataDir: string,
  work: (query: Query) => Promise<T>,
): Promise<T> {
  const running = JSON.parse(await readFile(path.join(dataDir, '.server.json'), 'utf8')) as {
    adminDbPort: number;
  };
  const { Client } = requireFromServer('pg') as {
    Client: new (options: { connectionString: string }) => PgClient;
  };
  const client = new Client({
    connectionString: `postgres://postgres@127.0.0.1:${running.adminDbPort}/postgres`,
  });
  await client.connect();
  try {
    return await work(client.query.bind(client) as Query);
  } finally {
    await client.end();
  }
}
