import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { LogLevel } from '../lib/log.js';
import { withoutSecrets } from '../lib/redact-secrets.js';

/** Where log lines go instead of stdout (tests read them). */
export interface LogStream {
  write(line: string): void;
}

export function loggerOptions(level: LogLevel, stream?: LogStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    // Token-bearing URLs, wherever they are in a line: the request's, a message, an error's.
    hooks: { streamWrite: withoutSecrets },
    redact: {
      paths: [
        'headers.cookie',
        'headers.authorization',
        '*.headers.cookie',
        '*.headers.authorization',
        '*.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: request.url,
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
  };
}
