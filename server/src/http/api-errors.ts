import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError, ErrorReason } from '@blogstream/shared/contract';
import { ApiFailure } from './api-failure.js';
import type { App } from './app-type.js';

export function sendApiError(
  reply: FastifyReply,
  statusCode: number,
  reason: ErrorReason,
  message: string,
  details?: ApiError['details'],
): FastifyReply {
  const body: ApiError = { statusCode, reason, message, ...(details ? { details } : {}) };
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}

/** The answer of an API request the server cannot serve in time: 503 with Retry-After. */
export function sendBusy(reply: FastifyReply): FastifyReply {
  reply.header('retry-after', '1');
  return sendApiError(
    reply,
    503,
    'SERVICE_UNAVAILABLE',
    'The server is busy. Please try again in a moment.',
  );
}

/** 400 VALIDATION_FAILED, naming each field (`body.name`) that is not valid and why. */
export function sendValidationFailure(
  reply: FastifyReply,
  details: NonNullable<ApiError['details']>,
): FastifyReply {
  return sendApiError(reply, 400, 'VALIDATION_FAILED', 'The request is not valid.', details);
}

const fastifyErrorCodes: Record<string, [number, ErrorReason, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'MALFORMED_JSON', 'The request body is not valid JSON.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'MALFORMED_JSON', 'The request body is empty.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    'Send the request body as application/json.',
  ],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.'],
  // Raised before routing (Fastify's frameworkErrors): `%ff`, overlong UTF-8, a long parameter.
  FST_ERR_BAD_URL: [400, 'MALFORMED_URL', 'The address is not valid: it has a malformed %-escape.'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'URL_TOO_LONG', 'A part of the address is too long.'],
};

const reasonsByStatus: Record<number, ErrorReason> = {
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  429: 'RATE_LIMITED',
};

/**
 * A body over the limit whose declared length is at most this many times the limit is read and
 * dropped after the 413, keeping the connection. Fastify closes it instead, and closing a socket
 * with the body still arriving resets it: a proxy in front (deploy/nginx, whose
 * client_max_body_size is 2 MiB) can lose the 413 in the reset and answer 502. A longer body, or
 * one of no declared length, still closes the connection, so nobody streams an endless one.
 */
const DRAINED_BODY_LIMITS = 4;

function keepConnectionAfterTooLarge(request: FastifyRequest, reply: FastifyReply): void {
  const declared = Number(request.headers['content-length']);
  if (
    Number.isFinite(declared) &&
    declared <= request.routeOptions.bodyLimit * DRAINED_BODY_LIMITS
  ) {
    reply.removeHeader('connection');
  }
}

/** Every error leaves as an ApiError; a 5xx never shows its message or stack to the client. */
export function sendError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ApiFailure) {
    reply.headers(error.headers);
    return sendApiError(reply, error.statusCode, error.reason, error.message);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = error.validation.map((issue) => ({
      path: [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
      message: issue.message ?? 'Invalid value',
    }));
    return sendValidationFailure(reply, details);
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') keepConnectionAfterTooLarge(request, reply);
  const known = fastifyErrorCodes[error.code];
  if (known) return sendApiError(reply, ...known);

  const statusCode = error.statusCode ?? 500;
  if (statusCode >= 400 && statusCode < 500) {
    return sendApiError(
      reply,
      statusCode,
      reasonsByStatus[statusCode] ?? 'BAD_REQUEST',
      error.message,
    );
  }
  request.log.error({ err: error }, 'unexpected error');
  return sendApiError(reply, 500, 'INTERNAL_ERROR', 'Something went wrong on our side.');
}

export function registerErrorHandler(app: App): void {
  app.setErrorHandler(sendError);
}
