import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOpsApp, defaultOpsPort, listen, type ShutdownState } from './ops';
import { ConnectionDrain, PRODUCTION_DRAIN_MS } from './shutdown';
import { createStaticApp, type StaticServerOptions } from './static-files';

/**
 * The frontends' static servers as processes: the files (static-files.ts) on a public port, the
 * probes on a second, internal one like the gateway's (design §11), and a drain on SIGTERM.
 */
export interface RunningStaticServer {
  server: Server;
  port: number;
  url: string;
  /** Where /livez, /healthz and /readyz answer (the ops listener), never `url`. */
  opsUrl: string;
  /** Closes now: idle sockets at once, the rest on the next tick. */
  close(): Promise<void>;
  /**
   * SIGTERM: /readyz answers 503 while everything is still served for `drainMs`, then closes
   * as soon as idle; answers still running after `graceMs` are cut (docs/deployment.md).
   */
  shutdown(drainMs: number, graceMs: number): Promise<void>;
}

/**
 * Starts the static server; `port` 0 picks a free one. The probes listen on `opsPort` (default
 * PORT + 1000, ephemeral when `port` is 0) on the same host.
 */
export async function startStaticServer(
  options: StaticServerOptions & { port?: number; host?: string; opsPort?: number },
): Promise<RunningStaticServer> {
  const drain = new ConnectionDrain();
  const state: ShutdownState = { shuttingDown: false };
  const server = createServer(drain.wrap(createStaticApp(options)));
  server.keepAliveTimeout = 65_000;
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 0;
  await listen(server, port, host);
  // Nothing to check but the process itself: ready until SIGTERM; no metrics of its own.
  const opsServer = createServer(createOpsApp([], null, state));
  try {
    await listen(opsServer, options.opsPort ?? defaultOpsPort(port), host);
  } catch (error) {
    server.close();
    throw error;
  }
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const urlOf = (s: Server) => `http://${shownHost}:${(s.address() as AddressInfo).port}`;
  const shutdown = async (drainMs: number, graceMs: number) => {
    state.shuttingDown = true;
    if (drainMs > 0) await new Promise((resolveDrain) => setTimeout(resolveDrain, drainMs));
    await drain.close(server, graceMs);
    opsServer.closeAllConnections();
    await new Promise<void>((resolveClose) => opsServer.close(() => resolveClose()));
  };
  return {
    server,
    port: (server.address() as AddressInfo).port,
    url: urlOf(server),
    opsUrl: urlOf(opsServer),
    close: () => shutdown(0, 0),
    shutdown,
  };
}

/**
 * The `server/main.ts` of every frontend: serves `STATIC_ROOT` (default: the build beside it)
 * on `PORT`/`HOST` and its probes on `OPS_PORT` (default `PORT` + 1000), logs one JSON line,
 * and on SIGTERM/SIGINT drains and closes like a service
 * (`SHUTDOWN_DRAIN_MS`, `SHUTDOWN_GRACE_MS`). A remote passes
 * `spaFallback: false`: it has no pages of its own, so a missing file is a 404.
 */
export async function runStaticServerMain(options: {
  service: string;
  defaultRoot: string;
  defaultPort: number;
  spaFallback?: boolean;
  env?: Record<string, string | undefined>;
}): Promise<RunningStaticServer> {
  const env = options.env ?? process.env;
  const root = env.STATIC_ROOT ?? options.defaultRoot;
  const port = Number(env.PORT ?? options.defaultPort);
  const running = await startStaticServer({
    root,
    port,
    opsPort: Number(env.OPS_PORT ?? defaultOpsPort(port)),
    host: env.HOST ?? '0.0.0.0',
    spaFallback: options.spaFallback,
  });
  const msg = `serving ${root} on ${running.url} (probes on ${running.opsUrl})`;
  process.stdout.write(`${JSON.stringify({ level: 'info', service: options.service, msg })}\n`);
  const production = env.NODE_ENV === 'production';
  const drainMs = Number(env.SHUTDOWN_DRAIN_MS ?? (production ? PRODUCTION_DRAIN_MS : 0));
  const graceMs = Number(env.SHUTDOWN_GRACE_MS ?? 10_000);
  const stop = () => {
    running.shutdown(drainMs, graceMs).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  return running;
}
