import type { ErrorReason } from '@blogstream/shared/contract';

/**
 * An expected failure a handler throws: it leaves as a 4xx ApiError with this reason (spec §8
 * reasons such as USER_EXISTS or LINK_EXPIRED, or the generic ones).
 */
export class ApiFailure extends Error {
  override name = 'ApiFailure';

  constructor(
    readonly statusCode: number,
    readonly reason: ErrorReason,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}
