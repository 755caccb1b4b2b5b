import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';

/** SHUTDOWN_DRAIN_MS when unset in production: endpoint lists take a few seconds to update. */
export const PRODUCTION_DRAIN_MS = 5000;

/**
 * Closes an HTTP server without refusing what it already accepted and without waiting longer
 * than needed: in-flight answers go out with `Connection: close` (so keep-alive clients do not
 * send another request down a socket about to close), idle sockets close at once, and the
 * promise settles as soon as the last socket is gone. Only a request still running after
 * `graceMs` has its socket cut.
 */
export class ConnectionDrain {
  private closing = false;
  private readonly active = new Set<ServerResponse>();

  /** The server's request listener, counting its answers in flight. */
  wrap(handler: RequestListener): RequestListener {
    return (req: IncomingMessage, res: ServerResponse) => {
      if (this.closing) res.setHeader('Connection', 'close');
      this.active.add(res);
      res.once('close', () => this.active.delete(res));
      handler(req, res);
    };
  }

  close(server: Server, graceMs: number): Promise<void> {
    this.closing = true;
    for (const res of this.active) {
      if (!res.headersSent) res.setHeader('Connection', 'close');
    }
    return new Promise<void>((resolve) => {
      const grace = setTimeout(() => server.closeAllConnections(), graceMs);
      server.close(() => {
        clearTimeout(grace);
        resolve();
      });
      server.closeIdleConnections();
    });
  }
}
