import { accountCommands } from './admin/account-commands.js';
import { analyticsCommands } from './admin/analytics-commands.js';
import type { AdminCommand } from './admin/admin-command.js';
import { contentCommands } from './admin/content-commands.js';
import { digestCommands } from './admin/digest-commands.js';
import { embeddingCommands } from './admin/embedding-commands.js';
import { loadConfig } from './config.js';
import { bundledMigrations, migrationStatus } from './db/migrations.js';
import { openAdminDatabase } from './db/open.js';
import { explainError } from './explain-error.js';

const commands: Record<string, AdminCommand> = {
  'migrate-status': {
    summary: 'Show how many database migrations are applied and pending',
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

async function runAdmin(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const command = name === undefined ? undefined : commands[name];
  if (!command) {
    const isHelp = name === undefined || ['help', '--help', '-h'].includes(name);
    if (!isHelp) console.error(`Unknown command: ${name}\n`);
    console.info(usage());
    return isHelp ? 0 : 1;
  }
  const config = loadConfig();
  const db = await openAdminDatabase(config);
  try {
    await command.run(db, args, config);
    return 0;
  } finally {
    await db.close();
  }
}

try {
  process.exitCode = await runAdmin(process.argv.slice(2));
} catch (error) {
  const explanation = explainError(error);
  if (explanation) console.error(explanation);
  else console.error('The admin command failed:', error);
  process.exitCode = 1;
}
