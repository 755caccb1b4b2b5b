import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Express, Request, RequestHandler, Response } from 'express';
import { errorHandler, notFoundHandler } from './errors';

/** Handlers run in order, as `app.use(mountPath, ...handlers)` would run them. */
export interface LaneStage {
  /** Like Express's mount path: the handlers see `req.url` without it, `req.baseUrl` with it. */
  mountPath?: string;
  handlers: readonly RequestHandler[];
}

/** The handlers createHttpApp puts before every app's routes (span, log, metrics, checks). */
const frontHandlers = new WeakMap<Express, readonly RequestHandler[]>();

export function rememberFrontHandlers(app: Express, handlers: readonly RequestHandler[]): void {
  frontHandlers.set(app, handlers);
}

interface Step {
  mountPath: string;
  handler: RequestHandler;
}

const isPromise = (value: unknown): value is Promise<unknown> =>
  typeof (value as Promise<unknown> | undefined)?.then === 'function';

/**
 * A hot path through an Express app without its router: the app's own front handlers, then
 * `stages`, then the app's JSON 404 and error answers, on Express's request and response (so
 * every handler runs unchanged). For a request the caller knows the router would send through
 * exactly these handlers: the router's layer matching, path trimming and per-layer closures were
 * a fifth of the gateway's CPU per proxied read (docs/performance.md, "Against the bare
 * reference").
 */
export function createLane(app: Express, stages: readonly LaneStage[]): RequestListener {
  const front = frontHandlers.get(app);
  if (!front) throw new Error('createLane needs an app made by createHttpApp');
  const steps: Step[] = [{ handlers: front }, ...stages].flatMap((stage) =>
    stage.handlers.map((handler) => ({ mountPath: stage.mountPath ?? '', handler })),
  );
  const answerError = (err: unknown, req: Request, res: Response) =>
    errorHandler(err, req, res, () => undefined);

  return (rawReq: IncomingMessage, rawRes: ServerResponse) => {
    // What app.handle does before its router runs.
    const req = Object.setPrototypeOf(rawReq, app.request) as Request;
    const res = Object.setPrototypeOf(rawRes, app.response) as Response;
    req.res = res;
    res.req = req;
    res.locals = Object.create(null) as Response['locals'];
    const url = req.url;
    req.originalUrl = url;
    req.baseUrl = '';

    let index = 0;
    const next = (err?: unknown): void => {
      const step = err ? undefined : steps[index++];
      // Errors and the 404 are answered as the router's last layers would: on the whole URL.
      if (!step) {
        req.url = url;
        req.baseUrl = '';
        if (err) answerError(err, req, res);
        else notFoundHandler(req, res, (notFound?: unknown) => answerError(notFound, req, res));
        return;
      }
      req.baseUrl = step.mountPath;
      const rest = step.mountPath ? url.slice(step.mountPath.length) : url;
      req.url = rest.startsWith('/') ? rest : `/${rest}`;
      try {
        const result: unknown = step.handler(req, res, next);
        if (isPromise(result)) result.then(undefined, next);
      } catch (error) {
        next(error);
      }
    };
    next();
  };
}
