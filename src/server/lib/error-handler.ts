// The one error handler: a 4xx says what to fix (and which field), a 5xx is logged with the request id
// and answered with a generic message. No request can make the server answer 500 by its shape.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '../../shared/api/common';
import type { ErrorCode, ErrorDetail } from '../../shared/api/protocol';
import { DatabaseBusyError } from '../db/pglite-gate';
import { AppError } from './errors';
import { clientLeft, ClientGoneError } from './request-abort';

export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again later.';
export const SERVER_BUSY_MESSAGE = 'The server is busy. Try again in a moment.';
/** What a refused request is told to wait: PGlite's queue drains in well under a second, a timed-out statement's load in a few. */
const BUSY_RETRY_AFTER_SECONDS = 2;
/** PostgreSQL's query_canceled: a statement past statement_timeout, or one cancelled because its client left. */
const QUERY_CANCELED = '57014';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'VALIDATION_ERROR',
  406: 'VALIDATION_ERROR',
  409: 'CONFLICT',
  412: 'PRECONDITION_FAILED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

/** Fastify's own messages, reworded to tell the caller what to change. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty: send a JSON object, or no Content-Type header.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as application/json.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body.',
  FST_ERR_CTP_INVALID_TYPE: 'The Content-Type header is not valid.',
  FST_ERR_VALIDATION: 'The request is not valid.',
};

const LOCATION_NAMES: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
};

function validationDetails(error: FastifyError): ErrorDetail[] {
  const where = error.validationContext ? LOCATION_NAMES[error.validationContext] ?? error.validationContext : undefined;
  return (error.validation ?? []).map((issue) => {
    const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    return { field: field || where || 'request', message: issue.message ?? 'is not valid', ...(where ? { in: where } : {}) };
  });
}

function describe(details: ErrorDetail[]): string {
  const [first] = details;
  if (!first) return 'The request is not valid.';
  const more = details.length > 1 ? ` (and ${details.length - 1} more problem${details.length > 2 ? 's' : ''})` : '';
  return `Invalid request: ${first.field} ${first.message.charAt(0).toLowerCase()}${first.message.slice(1)}${more}`;
}

export function errorBody(statusCode: number, code: ErrorCode, message: string, details?: ErrorDetail[]): ErrorBody {
  return { success: false, code, message, ...(details && details.length > 0 ? { details } : {}) };
}

type Overload = 'queue-full' | 'statement-cancelled' | 'client-gone';

/** Drizzle wraps a driver's error in its own (the driver's is its cause): look down the chain. */
function overloadOf(error: unknown, request: FastifyRequest): Overload | null {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    if (current instanceof DatabaseBusyError) return 'queue-full';
    if (current instanceof ClientGoneError) return 'client-gone';
    if ((current as { code?: unknown }).code === QUERY_CANCELED) return clientLeft(request) ? 'client-gone' : 'statement-cancelled';
  }
  return null;
}

/**
 * Too much work rather than a fault: answered 503 with Retry-After so that clients and load balancers back
 * off, and logged below error level. A client that left gets no answer it could read; it is logged only.
 */
function answerOverload(overload: Overload, error: unknown, request: FastifyRequest, reply: FastifyReply) {
  if (overload === 'client-gone') request.log.info({ err: error, reqId: request.id }, 'client left before the answer: its work was dropped or cancelled');
  else request.log.warn({ err: error, reqId: request.id }, overload === 'queue-full' ? 'database queue full: request refused' : 'statement cancelled: past the statement timeout');
  return reply
    .status(503)
    .header('Retry-After', String(BUSY_RETRY_AFTER_SECONDS))
    .send({ ...errorBody(503, 'SERVICE_UNAVAILABLE', SERVER_BUSY_MESSAGE), requestId: String(request.id) });
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    const overload = overloadOf(error, request);
    if (overload) return answerOverload(overload, error, request, reply);
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .send({ ...errorBody(error.statusCode, error.code, error.message, error.details), ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error) || (error.validation && error.validation.length > 0)) {
      const details = validationDetails(error);
      return reply.status(400).send(errorBody(400, 'VALIDATION_ERROR', describe(details), details));
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      const code = CODE_BY_STATUS[statusCode] ?? 'VALIDATION_ERROR';
      const message = (error.code && FASTIFY_MESSAGES[error.code]) ?? error.message;
      return reply.status(statusCode).send(errorBody(statusCode, code, message));
    }
    request.log.error({ err: error, reqId: request.id }, 'request failed');
    return reply
      .status(statusCode === 503 ? 503 : 500)
      .send({ ...errorBody(500, statusCode === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_ERROR', GENERIC_ERROR_MESSAGE), requestId: String(request.id) });
  });
}
