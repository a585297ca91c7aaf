import type { FastifyRequest } from 'fastify';
import { ApiFailure } from './api-failure.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in reader's id, set by the session plugin; null for visitors. */
    userId: number | null;
  }
}

/** The signed-in reader's id; a visitor gets 401 UNAUTHORIZED (the client opens the login dialog). */
export function requireUserId(request: FastifyRequest): number {
  if (request.userId === null) {
    throw new ApiFailure(401, 'UNAUTHORIZED', 'Sign in to do this.');
  }
  return request.userId;
}
