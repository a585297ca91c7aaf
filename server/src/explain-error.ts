import { AdminCommandError } from './admin/admin-command.js';
import { ConfigError } from './config.js';
import { DataDirInUseError } from './db/connection/data-dir.js';
import { MigrationError } from './db/connection/migrations.js';
import { DatabaseUnreachableError } from './db/connection/open.js';

const explainedErrors = [
  AdminCommandError,
  ConfigError,
  DataDirInUseError,
  MigrationError,
  DatabaseUnreachableError,
];

/**
 * A message for the person starting Blogstream (no stack trace) when the failure is one they can
 * fix; undefined for anything else, which is a bug.
 */
export function explainError(error: unknown): string | undefined {
  if (explainedErrors.some((ErrorClass) => error instanceof ErrorClass)) {
    return (error as Error).message;
  }
  const { code, address, port } = error as NodeJS.ErrnoException & {
    address?: string;
    port?: number;
  };
  if (code === 'EADDRINUSE') {
    return `Port ${port} is already in use: stop the program using it or set PORT to a free port.`;
  }
  if (code === 'EACCES' && port !== undefined) {
    return `Not allowed to listen on ${address}:${port}: set PORT to a port above 1023.`;
  }
  return undefined;
}
