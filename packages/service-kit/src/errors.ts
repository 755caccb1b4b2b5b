import type { ErrorRequestHandler, RequestHandler } from 'express';
import { z } from 'zod';
import { toErrorIssues, type ErrorBody, type ErrorIssue } from '@trustcircle/contracts';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE,
  INVALID_VALUE,
  isDatabaseUnavailable,
  isInvalidValue,
} from './db-errors';

/** An error that is the client's to see: status, message, and optional field issues. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues?: ErrorIssue[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, issues?: ErrorIssue[]) =>
  new HttpError(400, message, issues);
export const unauthorized = (message = 'Sign in to continue') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do that') =>
  new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, issues?: ErrorIssue[]) =>
  new HttpError(409, message, issues);
export const unavailable = (message = 'Service temporarily unavailable') =>
  new HttpError(503, message);

/** A field error answered as 400 with one issue: the message doubles as the top-level one. */
export function fieldError(path: string, message: string): HttpError {
  return new HttpError(400, message, [{ path, message }]);
}

export function validationError(error: z.ZodError): HttpError {
  const issues = toErrorIssues(error);
  return new HttpError(400, issues[0]?.message ?? 'Invalid request', issues);
}

export const notFoundHandler: RequestHandler = (_req, _res, next) => {
  next(notFound('Not found'));
};

interface BodyParserError {
  type?: string;
  status?: number;
  statusCode?: number;
  expose?: boolean;
}

function toHttpError(err: unknown): HttpError | null {
  if (err instanceof HttpError) return err;
  if (err instanceof z.ZodError) return validationError(err);
  const parser = err as BodyParserError;
  switch (parser?.type) {
    case 'entity.too.large':
      return new HttpError(413, 'Request body is too large');
    case 'entity.parse.failed':
      return new HttpError(400, 'Request body is not valid JSON');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new HttpError(415, 'Unsupported request encoding');
    case 'request.aborted':
      return new HttpError(400, 'Request was aborted');
  }
  // A route parameter Express could not decode (canonicalUrl refuses these first).
  if (err instanceof URIError) return new HttpError(400, 'The address is not valid');
  if (isDatabaseUnavailable(err)) {
    return new HttpError(503, DATABASE_UNAVAILABLE, undefined, {
      'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
    });
  }
  if (isInvalidValue(err)) return new HttpError(400, INVALID_VALUE);
  const status = parser?.status ?? parser?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500 && parser.expose) {
    return new HttpError(status, (err as Error).message || 'Bad request');
  }
  return null;
}

/** What an unknown failure is answered with (500): nothing of the failure itself. */
export const UNEXPECTED_ERROR = 'Something went wrong on our side. Please try again.';

/** Design §5 error bodies; never a stack trace, unknown failures logged and answered 500. */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const known = toHttpError(err);
  if (res.headersSent) {
    req.log?.error({ err }, 'error after the answer had started');
    res.destroy();
    return;
  }
  if (known) {
    const body: ErrorBody = { message: known.message };
    if (known.issues?.length) body.issues = known.issues;
    if (known.headers) res.set(known.headers);
    if (known.status >= 500) {
      req.log?.warn({
        status: known.status,
        message: known.message,
        err: known === err ? undefined : err,
      });
    }
    // Postgres refusing a value means a schema let input through that it should have refused.
    if (known.status === 400 && !(err instanceof HttpError) && isInvalidValue(err)) {
      req.log?.warn({ err }, 'database refused a value the request schema accepted');
    }
    res.status(known.status).json(body);
    return;
  }
  req.log?.error({ err }, 'unhandled error');
  res.status(500).json({ message: UNEXPECTED_ERROR });
};
