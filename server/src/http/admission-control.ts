import type { FastifyReply } from 'fastify';
import { API_PREFIX } from '@blogstream/shared/contract';
import type { App } from './app-type.js';
import { sendApiError } from './api-errors.js';

export interface AdmissionLimits {
  /** API requests processed at once; the rest wait their turn. */
  concurrency: number;
  /** Requests allowed to wait; beyond it a request is turned away at once. */
  queue: number;
  /** Longest wait before a request is turned away. */
  maxWaitMs: number;
}

interface Waiting {
  admit: () => void;
}

/**
 * Bounded work for the API under overload: at most `concurrency` requests run, the next ones
 * wait in order, a waiting request whose client has gone is dropped without touching the database
 * (under overload, clients that time out and retry would otherwise pile up work nobody reads), and
 * a request that cannot be served in time gets a quick 503 with Retry-After instead of a late
 * answer.
 */
export function registerAdmissionControl(app: App, limits: AdmissionLimits): void {
  let running = 0;
  const waiting: Waiting[] = [];

  const release = () => {
    running -= 1;
    const next = waiting.shift();
    if (next) {
      running += 1;
      next.admit();
    }
  };

  const turnAway = (reply: FastifyReply, message: string) => {
    reply.header('retry-after', '1');
    return sendApiError(reply, 503, 'SERVICE_UNAVAILABLE', message);
  };

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(`${API_PREFIX}/`)) return;
    // Exactly once per admitted request, whether the response finished or the client left.
    const releaseOnClose = () => reply.raw.once('close', release);
    if (running < limits.concurrency) {
      running += 1;
      releaseOnClose();
      return;
    }
    if (waiting.length >= limits.queue) {
      return turnAway(reply, 'The server is busy. Please try again in a moment.');
    }
    const outcome = await new Promise<'admitted' | 'gone' | 'timeout'>((resolve) => {
      const entry: Waiting = {
        admit: () => {
          cleanUp();
          resolve('admitted');
        },
      };
      const leave = (why: 'gone' | 'timeout') => {
        const index = waiting.indexOf(entry);
        if (index === -1) return;
        waiting.splice(index, 1);
        cleanUp();
        resolve(why);
      };
      const onClose = () => leave('gone');
      const timer = setTimeout(() => leave('timeout'), limits.maxWaitMs);
      const cleanUp = () => {
        clearTimeout(timer);
        reply.raw.off('close', onClose);
      };
      reply.raw.once('close', onClose);
      waiting.push(entry);
    });
    if (outcome === 'admitted') {
      releaseOnClose();
      return;
    }
    if (outcome === 'gone') {
      reply.hijack();
      return reply;
    }
    return turnAway(reply, 'The server is busy. Please try again in a moment.');
  });
}
