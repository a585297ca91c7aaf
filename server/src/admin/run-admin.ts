import { loadConfig } from '../config.js';
import type { Db } from '../db/db.js';
import { bundledMigrations, migrate, migrationStatus } from '../db/connection/migrations.js';
import { openAdminDatabase } from '../db/connection/open.js';
import { recordedPublicUrl } from '../db/settings.js';
import { accountCommands } from './account-commands.js';
import type { AdminCommand, AdminConfig } from './admin-command.js';
import { analyticsCommands } from './analytics-commands.js';
import { contentCommands } from './content-commands.js';
import { digestCommands } from './digest-commands.js';
import { embeddingCommands } from './embedding-commands.js';

const commands: Record<string, AdminCommand> = {
  'migrate-status': {
    summary: 'Show how many database migrations are applied and pending',
    asFound: true,
    run: async (db) => {
      const status = await migrationStatus(db, await bundledMigrations());
      console.info(`Database:  ${db.mode}`);
      console.info(
        `Applied:   ${status.applied}${status.latest ? ` (latest ${status.latest})` : ''}`,
      );
      console.info(`Pending:   ${status.pending}`);
    },
  },
  ...accountCommands,
  ...contentCommands,
  ...embeddingCommands,
  ...analyticsCommands,
  ...digestCommands,
};

function usage(): string {
  const width = Math.max(...Object.keys(commands).map((name) => name.length)) + 3;
  const lines = Object.entries(commands).map(
    ([name, command]) => `  ${name.padEnd(width)}${command.summary}`,
  );
  return ['Usage: npm run admin -- <command> [arguments]', '', 'Commands:', ...lines].join('\n');
}

/**
 * Brings the database to this build's schema with the server's own migration code (safe beside a
 * running server: migrate() takes a lock and re-checks each migration), then reads the public URL
 * the web process recorded, which the configuration uses unless PUBLIC_URL is set.
 */
async function prepareDatabase(db: Db, env: NodeJS.ProcessEnv): Promise<AdminConfig> {
  for (const name of await migrate(db, await bundledMigrations())) {
    console.info(`Applied database migration ${name}`);
  }
  return loadConfig(env, { publicUrl: await recordedPublicUrl(db) });
}

/** Runs `npm run admin -- <command> [arguments]` and returns the exit code. */
export async function runAdmin(argv: string[], env = process.env): Promise<number> {
  const [name, ...args] = argv;
  const command = name === undefined ? undefined : commands[name];
  if (!command) {
    const isHelp = name === undefined || ['help', '--help', '-h'].includes(name);
    if (!isHelp) console.error(`Unknown command: ${name}\n`);
    console.info(usage());
    return isHelp ? 0 : 1;
  }
  const config = loadConfig(env);
  const db = await openAdminDatabase(config);
  try {
    await command.run(db, args, command.asFound ? config : await prepareDatabase(db, env));
    return 0;
  } finally {
    await db.close();
  }
}
