import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

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
  /**
   * Each open connection's latest answer: replaced by the connection's next request, dropped
   * when it closes. Not a set of answers added to and deleted from per request: answers held in
   * such a set, and all they referenced, survived V8's young-generation collections until a
   * full one, which then ran every half second and took a fifth of the gateway's CPU
   * (docs/performance.md, "Twenty-second session").
   */
  private readonly latest = new Map<Socket, ServerResponse>();

  /** The server's request listener, knowing each connection's answer in flight. */
  wrap(handler: RequestListener): RequestListener {
    return (req: IncomingMessage, res: ServerResponse) => {
      if (this.closing) res.setHeader('Connection', 'close');
      const { socket } = req;
      if (!this.latest.has(socket)) socket.once('close', () => this.latest.delete(socket));
      this.latest.set(socket, res);
      handler(req, res);
    };
  }

  close(server: Server, graceMs: number): Promise<void> {
    this.closing = true;
    // A pipelined request's earlier answers may still be queued: the last one closes.
    for (const res of this.latest.values()) {
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
