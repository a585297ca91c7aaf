import type { FastifyReply } from 'fastify';
import { API_PREFIX } from '@blogstream/shared/contract';
import type { App } from './app-type.js';
import { sendBusy } from './api-errors.js';

export interface AdmissionLimits {
  /** API requests processed at once; the rest wait their turn. */
  concurrency: number;
  /** Requests allowed to wait; beyond it a request is turned away at once. */
  queue: number;
  /** Longest wait before a request is turned away. */
  maxWaitMs: number;
  /**
   * Longest time from a request's arrival to its answer, waits for a turn and for the database
   * included: past it the request gets the same 503 (Fastify's handlerTimeout on every API route).
   */
  answerWithinMs: number;
}

interface Waiting {
  admit: () => void;
}

/** Why a request was turned away: the queue was full, or its turn did not come in time. */
export type RefusalReason = 'queue_full' | 'wait_timeout';

/** What the admission control is doing, as the metrics read it (decision 0032). */
export interface AdmissionState {
  /** API requests being worked on now. */
  readonly running: number;
  /** API requests waiting for their turn now. */
  readonly queued: number;
  /** Requests turned away since the process started, by reason. */
  readonly refused: Readonly<Record<RefusalReason, number>>;
}

/**
 * Bounded work for the API under overload: at most `concurrency` requests run, the next ones
 * wait in order, a waiting request whose client has gone is dropped without touching the database
 * (under overload, clients that time out and retry would otherwise pile up work nobody reads), and
 * a request that cannot be served in time gets a quick 503 with Retry-After instead of a late
 * answer. "In time" covers the whole request, not only its wait for a turn: an admitted request
 * still waits for the embedded database behind the others (one query at a time), so every API
 * route answers 503 once `answerWithinMs` have passed since it arrived (decision 0012, "Since").
 */
export function registerAdmissionControl(app: App, limits: AdmissionLimits): AdmissionState {
  let running = 0;
  const waiting: Waiting[] = [];
  const refused: Record<RefusalReason, number> = { queue_full: 0, wait_timeout: 0 };

  const turnAway = (reply: FastifyReply, reason: RefusalReason) => {
    refused[reason] += 1;
    return sendBusy(reply);
  };

  const release = () => {
    running -= 1;
    const next = waiting.shift();
    if (next) {
      running += 1;
      next.admit();
    }
  };

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(`${API_PREFIX}/`)) route.handlerTimeout ??= limits.answerWithinMs;
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(`${API_PREFIX}/`)) return;
    // Exactly once per admitted request, whether the response finished or the client left.
    const releaseOnClose = () => reply.raw.once('close', release);
    if (running < limits.concurrency) {
      running += 1;
      releaseOnClose();
      return;
    }
    if (waiting.length >= limits.queue) return turnAway(reply, 'queue_full');
    const outcome = await new Promise<'admitted' | 'gone' | 'timeout' | 'answered'>((resolve) => {
      const entry: Waiting = {
        admit: () => {
          cleanUp();
          resolve('admitted');
        },
      };
      const leave = (why: 'gone' | 'timeout' | 'answered') => {
        const index = waiting.indexOf(entry);
        if (index === -1) return;
        waiting.splice(index, 1);
        cleanUp();
        resolve(why);
      };
      const onClose = () => leave('gone');
      // The route's answer deadline passed while waiting: Fastify has already answered 503.
      const onAnswered = () => leave('answered');
      const timer = setTimeout(() => leave('timeout'), limits.maxWaitMs);
      const cleanUp = () => {
        clearTimeout(timer);
        reply.raw.off('close', onClose);
        request.signal.removeEventListener('abort', onAnswered);
      };
      reply.raw.once('close', onClose);
      request.signal.addEventListener('abort', onAnswered, { once: true });
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
    if (outcome === 'answered') return reply;
    return turnAway(reply, 'wait_timeout');
  });

  return {
    get running() {
      return running;
    },
    get queued() {
      return waiting.length;
    },
    refused,
  };
}
