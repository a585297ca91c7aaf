import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { LogLevel } from '../config.js';

/** Where log lines go instead of stdout (tests read them). */
export interface LogStream {
  write(line: string): void;
}

// Secrets that travel in URLs: reset and e-mail verification links carry a one-time token in
// the path.
const TOKEN_IN_PATH = /(\/(?:reset-password|verify_email)\/)[^/?#]+/;

// RSS feed URLs carry the reader's feed token in the query string (?token=).
const TOKEN_IN_QUERY = /([?&]token=)[^&#]*/g;

function withoutSecrets(url: string): string {
  return url.replace(TOKEN_IN_PATH, '$1[redacted]').replace(TOKEN_IN_QUERY, '$1[redacted]');
}

export function loggerOptions(level: LogLevel, stream?: LogStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
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
        url: withoutSecrets(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
  };
}
