import type { Request } from 'express';
import type { z } from 'zod';
import { IdSchema } from '@trustcircle/contracts';
import { notFound, validationError } from './errors';

/** Parses with a contract schema; failure becomes a 400 with the schema's messages. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

export const parseBody = <S extends z.ZodType>(schema: S, req: Request): z.output<S> =>
  parseWith(schema, req.body ?? {});

export const parseQuery = <S extends z.ZodType>(schema: S, req: Request): z.output<S> =>
  parseWith(schema, req.query);

/** A malformed id in a path names nothing, so it is "not found", not "bad request". */
export function parseIdParam(req: Request, name = 'id', what = 'Not found'): number {
  const result = IdSchema.safeParse(req.params[name]);
  if (!result.success) throw notFound(what);
  return result.data;
}
