// Errors a service throws for the caller to act on; the one error handler turns them into responses.
import type { ErrorCode, ErrorDetail } from '../../shared/api/protocol';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    /** Extra top-level fields of the error body (412 carries the current state). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, details?: ErrorDetail[]) => new AppError(400, 'VALIDATION_ERROR', message, details);

/** A 400 about one field, which the message names. */
export const invalidField = (field: string, message: string) =>
  new AppError(400, 'VALIDATION_ERROR', `${field} ${message}`, [{ field, message }]);

export const unauthorized = (message: string, details?: ErrorDetail[]) => new AppError(401, 'UNAUTHORIZED', message, details);
export const forbidden = (message: string) => new AppError(403, 'FORBIDDEN', message);
/** `notFound('Order')` answers 404 'Order not found'; an id from another market gets the same. */
export const notFound = (entity: string) => new AppError(404, 'NOT_FOUND', `${entity} not found`);
export const conflict = (message: string, details?: ErrorDetail[]) => new AppError(409, 'CONFLICT', message, details);
export const preconditionFailed = (message: string, extra?: Record<string, unknown>) =>
  new AppError(412, 'PRECONDITION_FAILED', message, undefined, extra);
export const unprocessable = (message: string, details?: ErrorDetail[]) => new AppError(422, 'UNPROCESSABLE', message, details);
