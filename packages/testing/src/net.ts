import net from 'node:net';

/**
 * Ports handed out below Linux's ephemeral range (32768–60999): the kernel gives those to every
 * `listen(0)` and every outgoing connection, so a port picked there can be taken by another test
 * file between the pick and the child process's bind (CI saw a chaos gateway fail to start on
 * EADDRINUSE that way). Each jest worker draws from its own slice, so two files running at once
 * never pick the same port; a port still bound by anything is skipped.
 */
const FIRST_PORT = 20_000;
const SLICE = 3_000;
const SLICES = 4;

function slice(): { from: number; size: number } {
  const worker = Number(process.env.JEST_WORKER_ID ?? 1);
  const index = (Number.isSafeInteger(worker) && worker > 0 ? worker - 1 : 0) % SLICES;
  return { from: FIRST_PORT + index * SLICE, size: SLICE };
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Handed out by this process already: a child may not have bound it yet. */
const given = new Set<number>();

/** A loopback port nobody listens on right now, and that no other test file is handed. */
export async function freePort(): Promise<number> {
  const { from, size } = slice();
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const port = from + Math.floor(Math.random() * size);
    if (given.has(port)) continue;
    given.add(port);
    if (await bindable(port)) return port;
    given.delete(port);
  }
  throw new Error(`no free port in ${from}–${from + size - 1}`);
}
