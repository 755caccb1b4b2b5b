import type { IncomingMessage, ServerResponse } from 'node:http';

type RoutedRequest = IncomingMessage & { route?: { path?: unknown }; baseUrl?: string };

/**
 * The route template express matched (`/api/businesses/:id`), or what a handler named in
 * `res.locals.metricsRoute` (the gateway's proxy); read once the response is done.
 */
export function routeTemplate(req: IncomingMessage, res: ServerResponse): string | undefined {
  const { route, baseUrl = '' } = req as RoutedRequest;
  // A router mounted at /api/reviews answers its `/` as /api/reviews, not /api/reviews/.
  if (route?.path)
    return baseUrl && route.path === '/' ? baseUrl : `${baseUrl}${String(route.path)}`;
  return (res as ServerResponse & { locals?: { metricsRoute?: string } }).locals?.metricsRoute;
}
