import type { z } from 'zod';

/**
 * One public operation, described from the same schemas the services parse with. Each area's
 * module lists its own; `api.ts` gathers them (this file keeps the type out of that module, so
 * the areas do not import the module that imports them).
 */
export interface ApiOperation {
  method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  path: string;
  summary: string;
  tag: string;
  auth: 'none' | 'session' | 'optional';
  request?: z.ZodType;
  query?: z.ZodType;
  /** Request headers the operation reads, each one optional (an object schema, header → value). */
  headers?: z.ZodObject;
  response?: z.ZodType;
  status?: number;
  errors?: number[];
}
