import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FeedRequest } from '@blogstream/shared/contract';
import type { Db } from '../../../db/db.js';
import { newestPostId, type FeedPage } from '../../../db/feeds.js';
import { sourceNameByUrlName } from '../../../db/sources.js';
import { ApiFailure } from '../../api-failure.js';

/** Carries the snapshot of a reader's first page to the later pages of the same scroll. */
const SNAPSHOT_COOKIE = 'feed_snapshot';
const SNAPSHOT_MAX_AGE_SECONDS = 24 * 60 * 60;

function cookieValue(request: FastifyRequest, name: string): string | undefined {
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator).trim() === name) {
      return pair.slice(separator + 1).trim();
    }
  }
  return undefined;
}

/** `{newest post_id}.{time taken in ms}`; null when absent or not of that form. */
function parseSnapshot(value: string | undefined): { snapshot: number; takenAt: number } | null {
  const [snapshot, takenAt] = (value ?? '').split('.').map(Number);
  const valid = (number: number | undefined): number is number =>
    number !== undefined && Number.isSafeInteger(number) && number > 0;
  return valid(snapshot) && valid(takenAt) && takenAt <= Date.now() ? { snapshot, takenAt } : null;
}

/**
 * The page a feed call asks for. Offset 0 takes a snapshot (the newest post_id and the time) and
 * hands it to the client in a cookie; later offsets count below that snapshot, so articles stored while the
 * reader scrolls never shift an article already shown onto the next page. Without the cookie
 * (cleared, another client) a later page falls back to the current newest article. The page's
 * filter is the body's (the contract's FeedFilter); one naming no source is refused.
 */
export async function feedPage(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  body: FeedRequest,
  secureCookie: boolean,
): Promise<FeedPage> {
  const { queryData: _queryData, offset, limit, ...filter } = body;
  if (filter.source && !(await sourceNameByUrlName(db, filter.source))) {
    throw new ApiFailure(400, 'VALIDATION_FAILED', 'The source filter names no source.');
  }
  const remembered = offset > 0 ? parseSnapshot(cookieValue(request, SNAPSHOT_COOKIE)) : null;
  const { snapshot, takenAt } = remembered ?? {
    snapshot: await newestPostId(db),
    takenAt: Date.now(),
  };
  const page = { offset, limit, snapshot, takenAt, filter };
  if (offset === 0) rememberSnapshot(reply, page, secureCookie);
  return page;
}

/** Hands the client the snapshot of the first page it is answered, for the scroll's later pages. */
export function rememberSnapshot(
  reply: FastifyReply,
  { snapshot, takenAt }: Pick<FeedPage, 'snapshot' | 'takenAt'>,
  secureCookie: boolean,
): void {
  reply.header(
    'set-cookie',
    `${SNAPSHOT_COOKIE}=${snapshot}.${takenAt}; Path=/api/; Max-Age=${SNAPSHOT_MAX_AGE_SECONDS}; ` +
      `HttpOnly; SameSite=Lax${secureCookie ? '; Secure' : ''}`,
  );
}
