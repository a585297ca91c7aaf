import { ApiFailure } from './api-failure.js';
import type { App } from './app-type.js';

export interface ReaderAdmissionLimits {
  /** Calls of one reader that run at once. */
  running: number;
  /** Calls of one reader that may wait for those; beyond, 429. */
  waiting: number;
}

interface ReaderTurns {
  running: number;
  waiting: (() => void)[];
}

/**
 * At most `running` of one signed-in reader's calls to `routes` (route urls) run at once, the
 * next `waiting` wait their turn, and a call beyond those is refused with 429 RATE_LIMITED. The
 * embedded database answers one query at a time for everyone, so without this one reader sending
 * many costly calls at once (feeds and searches filtered by their mutes and read state) would take
 * the turns of every other reader and visitor (decision 0022, "Since"). A waiting call ends with
 * its request: answered 503 at the route's deadline (admission-control.ts) or left by its client.
 * Visitors are not limited here: their feeds filter nothing of their own.
 */
export function limitPerReader(
  app: App,
  routes: ReadonlySet<string>,
  limits: ReaderAdmissionLimits,
): void {
  const readers = new Map<number, ReaderTurns>();

  const release = (userId: number, turns: ReaderTurns) => {
    const next = turns.waiting.shift();
    if (next) return next();
    turns.running -= 1;
    if (turns.running === 0) readers.delete(userId);
  };

  app.addHook('preHandler', async (request, reply) => {
    const { userId } = request;
    if (userId === null || !routes.has(request.routeOptions.url ?? '')) return;
    let turns = readers.get(userId);
    if (!turns) {
      turns = { running: 0, waiting: [] };
      readers.set(userId, turns);
    }
    const held = turns;
    const holdUntilDone = () => reply.raw.once('close', () => release(userId, held));
    if (held.running < limits.running) {
      held.running += 1;
      holdUntilDone();
      return;
    }
    if (held.waiting.length >= limits.waiting) {
      throw new ApiFailure(
        429,
        'RATE_LIMITED',
        'Your earlier feed and search requests are still being answered. Try again when they are.',
        { 'retry-after': '1' },
      );
    }
    // Waits until admitted, or until the response ends: its client left, or the route's answer
    // deadline passed and Fastify answered 503. Not request.signal: Fastify 5.12 aborts it as soon
    // as a POST's body has been read (fastify/fastify#6725), which a waiting call always has.
    const admitted = await new Promise<boolean>((resolve) => {
      const admit = () => {
        reply.raw.off('close', leave);
        resolve(true);
      };
      const leave = () => {
        held.waiting.splice(held.waiting.indexOf(admit), 1);
        resolve(false);
      };
      reply.raw.once('close', leave);
      held.waiting.push(admit);
    });
    if (!admitted) {
      if (!reply.sent) reply.hijack();
      return reply;
    }
    holdUntilDone();
  });
}
