/**
 * `npm run mcp -w server`: the archive's MCP server over stdio, for an agent on this machine
 * (docs/API.md, "For AI agents"). It reads the database the web server reads (through the running
 * server's socket when it is embedded, as the admin commands do) with a visitor's scope.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { loadConfig } from './config.js';
import { bundledMigrations, migrate } from './db/connection/migrations.js';
import { openAdminDatabase } from './db/connection/open.js';
import { recordedPublicUrl } from './db/settings.js';
import { explainError } from './explain-error.js';
import { consoleLog } from './lib/log.js';
import { createMcpServer } from './http/mcp/mcp-server.js';
import { createContentServices } from './services.js';

// Standard output carries the protocol: everything this process writes for people goes to
// standard error.
console.info = console.error;
// eslint-disable-next-line no-console -- nor may a library's console.log write into the protocol
console.log = console.error;

/** Serves MCP on stdin and stdout until the agent closes stdin. */
async function serveOverStdio(): Promise<void> {
  const stdinClosed = new Promise((resolve) => process.stdin.once('end', resolve));
  const db = await openAdminDatabase(loadConfig(process.env));
  try {
    await migrate(db, await bundledMigrations());
    const config = loadConfig(process.env, { publicUrl: await recordedPublicUrl(db) });
    const log = consoleLog(config.logLevel);
    const services = createContentServices(config, db, log);
    try {
      const server = createMcpServer(services, 'stdio', log);
      await server.connect(new StdioServerTransport());
      await stdinClosed;
      await server.close();
    } finally {
      await services.close();
    }
  } finally {
    await db.close();
  }
}

try {
  await serveOverStdio();
} catch (error) {
  console.error(explainError(error) ?? `The MCP server failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
