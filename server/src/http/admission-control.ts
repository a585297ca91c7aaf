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
   * included: past it the request gets the same 503.
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
 * The deadline is a timer of its own, not Fastify's `handlerTimeout`, which makes an
 * AbortController for every request and aborts a POST's signal as soon as its body is read
 * (decision 0035, "Since").
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

  const deadlines = new WeakMap<FastifyReply, NodeJS.Timeout>();

  /** Answers 503 if the request has no answer `withinMs` from now. */
  const answerBy = (reply: FastifyReply, withinMs: number) => {
    const deadline = setTimeout(() => {
      if (reply.sent) return;
      // A response already on its way cannot become a 503: end it, as an unfinished one.
      if (reply.raw.headersSent) reply.raw.destroy();
      else sendBusy(reply);
    }, withinMs);
    deadlines.set(reply, deadline);
    // Exactly once per admitted request, whether the response finished or the client left.
    reply.raw.once('close', () => {
      clearTimeout(deadline);
      release();
    });
  };

  // An answer being sent is in time, however long it takes to compress and write: a 503 then
  // would mix with its headers (Content-Encoding of a body never written).
  app.addHook('onSend', (_request, reply, payload, done) => {
    clearTimeout(deadlines.get(reply));
    done(null, payload);
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(`${API_PREFIX}/`)) return;
    const arrived = performance.now();
    if (running < limits.concurrency) {
      running += 1;
      answerBy(reply, limits.answerWithinMs);
      return;
    }
    if (waiting.length >= limits.queue) return turnAway(reply, 'queue_full');
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
      const timer = setTimeout(
        () => leave('timeout'),
        Math.min(limits.maxWaitMs, limits.answerWithinMs),
      );
      const cleanUp = () => {
        clearTimeout(timer);
        reply.raw.off('close', onClose);
      };
      reply.raw.once('close', onClose);
      waiting.push(entry);
    });
    if (outcome === 'admitted') {
      answerBy(reply, limits.answerWithinMs - (performance.now() - arrived));
      return;
    }
    if (outcome === 'gone') {
      reply.hijack();
      return reply;
    }
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
