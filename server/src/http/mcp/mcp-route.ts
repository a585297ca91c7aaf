import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { App } from '../app-type.js';
import type { ContentServices } from '../routes/content/content-services.js';
import { createMcpServer } from './mcp-server.js';

/** Where agents reach the archive over HTTP (docs/API.md, "For AI agents"). */
export const MCP_PATH = '/mcp';

/**
 * MCP over streamable HTTP at /mcp, stateless: each POST carries its JSON-RPC message and gets
 * its answer as JSON, from a server of its own counting under the client's address. No session,
 * so nothing to open (GET) or end (DELETE): 405.
 */
export function registerMcpRoute(app: App, services: ContentServices): void {
  app.post(MCP_PATH, { schema: { hide: true } }, async (request, reply) => {
    const server = createMcpServer(services, request.ip, request.log);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    reply.hijack();
    await transport.handleRequest(request.raw, reply.raw, request.body);
  });

  const noSession = {
    jsonrpc: '2.0',
    error: { code: -32000, message: 'Method not allowed: this MCP server keeps no session; POST.' },
    id: null,
  };
  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: MCP_PATH,
      schema: { hide: true },
      handler: async (_request, reply) => reply.code(405).header('allow', 'POST').send(noSession),
    });
  }
}
