/**
 * What a Kubernetes Service plus Ingress do for the gateway replicas, small enough to read:
 * requests go round-robin to the replicas whose /readyz answered 200 at the last poll. It never
 * retries a request, so every failure the chaos run counts is one a user would have seen.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Backend {
  url: string;
  readyUrl: string;
}

interface Member extends Backend {
  ready: boolean;
  /** Readiness probes failed in a row. */
  failures: number;
  target: URL;
}

/**
 * Readiness as a k8s probe sees it: polled every POLL_MS with a timeout, out of rotation after
 * FAILURE_THRESHOLD failures in a row (a 503 while draining, or no answer), back on one success.
 * One slow answer on a busy machine does not take a healthy replica out.
 */
const POLL_MS = 250;
const PROBE_TIMEOUT_MS = 1000;
const FAILURE_THRESHOLD = 2;

export class Balancer {
  private readonly members: Member[];
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  private server: http.Server | null = null;
  private poller: NodeJS.Timeout | null = null;
  private next = 0;
  url = '';

  constructor(backends: Backend[]) {
    this.members = backends.map((b) => ({
      ...b,
      ready: true,
      failures: 0,
      target: new URL(b.url),
    }));
  }

  async start(): Promise<void> {
    await this.poll();
    this.poller = setInterval(() => void this.poll(), POLL_MS);
    const server = http.createServer((req, res) => this.forward(req, res));
    server.keepAliveTimeout = 5000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  /** How many replicas are in rotation now. */
  get readyCount(): number {
    return this.members.filter((m) => m.ready).length;
  }

  private polling = false;

  private async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    await Promise.all(this.members.map((member) => this.probe(member)));
    this.polling = false;
  }

  private async probe(member: Member): Promise<void> {
    let ok: boolean;
    try {
      const res = await fetch(member.readyUrl, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
      await res.body?.cancel();
      ok = res.ok;
    } catch {
      ok = false;
    }
    member.failures = ok ? 0 : member.failures + 1;
    member.ready = ok || (member.ready && member.failures < FAILURE_THRESHOLD);
  }

  private pick(): Member | null {
    for (let i = 0; i < this.members.length; i += 1) {
      const member = this.members[(this.next + i) % this.members.length]!;
      if (member.ready) {
        this.next = (this.next + i + 1) % this.members.length;
        return member;
      }
    }
    return null;
  }

  private forward(req: http.IncomingMessage, res: http.ServerResponse): void {
    const member = this.pick();
    const refuse = (status: number, message: string) => {
      if (res.headersSent) return void res.destroy();
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message }));
    };
    if (!member) return refuse(503, 'No gateway replica is ready');
    const upstream = http.request(
      {
        host: member.target.hostname,
        port: member.target.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
        agent: this.agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => refuse(502, 'The gateway replica did not answer'));
    req.pipe(upstream);
  }

  async stop(): Promise<void> {
    if (this.poller) clearInterval(this.poller);
    this.agent.destroy();
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
