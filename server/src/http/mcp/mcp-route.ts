import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';
import type { App } from '../app-type.js';
import type { ContentServices } from '../routes/content/content-services.js';
import { createMcpServer, MCP_TOOLS } from './mcp-server.js';

/** Where agents reach the archive over HTTP (docs/API.md, "For AI agents"). */
export const MCP_PATH = '/mcp';

/** A JSON-RPC 2.0 message an agent posts (the MCP SDK validates it; this is its description). */
const jsonRpcRequest = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number()]).optional().describe('Absent for a notification.'),
  method: z.string().describe('initialize, tools/list, tools/call, ...'),
  params: z.record(z.string(), z.unknown()).optional(),
});

const jsonRpcResponse = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number(), z.null()]),
  result: z.record(z.string(), z.unknown()).optional(),
  error: z.object({ code: z.number(), message: z.string() }).optional(),
});

const toolList = Object.entries(MCP_TOOLS)
  .map(([name, { description }]) => `- \`${name}\`: ${description}`)
  .join('\n');

/**
 * /mcp as the OpenAPI document describes it: one POST per JSON-RPC message, the tools named. It
 * is not a row of the endpoint table (whose paths are the site's own API under /api), so it is
 * added to the document beside them.
 */
export const mcpOpenApiPathItem = {
  post: {
    operationId: 'mcp',
    tags: ['Agents'],
    summary: 'The archive for AI agents over the Model Context Protocol (streamable HTTP).',
    description:
      'Stateless: post each JSON-RPC message with `Accept: application/json, text/event-stream`; ' +
      "the answer is JSON. Read-only tools, a visitor's scope and the site's per-client limits; " +
      "`tools/list` gives each tool's input schema.\n\n" +
      toolList,
    requestBody: {
      required: true,
      content: { 'application/json': { schema: z.toJSONSchema(jsonRpcRequest) } },
    },
    responses: {
      200: {
        description: 'The JSON-RPC answer (a notification gets 202 and no body).',
        content: { 'application/json': { schema: z.toJSONSchema(jsonRpcResponse) } },
      },
      202: { description: 'A notification, accepted.' },
    },
  },
};

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
