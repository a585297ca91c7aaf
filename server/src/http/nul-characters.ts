import type { ApiError } from '@blogstream/shared/contract';
import { sendValidationFailure } from './api-errors.js';
import type { App } from './app-type.js';

const NUL = '\u0000';
const MESSAGE = 'Must not contain the NUL character (U+0000)';

type Details = NonNullable<ApiError['details']>;

/**
 * The paths (`body.topics.0`) of every string in `value`, and of every object key, that holds a
 * NUL. Walked with an explicit stack: a deeply nested body must not overflow the call stack.
 */
function nulPaths(root: string, value: unknown): string[] {
  const found: string[] = [];
  const pending: [string, unknown][] = [[root, value]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [path, current] = next;
    if (typeof current === 'string') {
      if (current.includes(NUL)) found.push(path);
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, child] of Object.entries(current)) {
        const childPath = `${path}.${key}`;
        if (key.includes(NUL)) found.push(childPath);
        pending.push([childPath, child]);
      }
    }
  }
  return found.sort();
}

/**
 * Refuses a NUL character anywhere in a request's body, query string or path parameters, for every
 * route at once: PostgreSQL cannot store U+0000 in text (nor jsonb), so such a value would
 * otherwise fail deep in a query as a 500. It runs before schema validation and answers the same
 * 400 VALIDATION_FAILED, naming each field.
 */
export function registerNulCharacterGuard(app: App): void {
  app.addHook('preValidation', async (request, reply) => {
    const details: Details = [
      ...nulPaths('body', request.body),
      ...nulPaths('querystring', request.query),
      ...nulPaths('params', request.params),
    ].map((path) => ({ path, message: MESSAGE }));
    if (details.length > 0) return sendValidationFailure(reply, details);
  });
}
