import type { ServerResponse } from 'node:http';

/**
 * The event streams this replica proxies, by session. A stream is authorised once, when it
 * opens: when its session ends (sign-out, "sign out everywhere", account deletion, a role
 * change; the revocation NOTIFY reaches every replica) the stream ends too, and the browser's
 * reconnect meets the session check again.
 */
export class OpenStreams {
  private readonly bySession = new Map<string, Set<ServerResponse>>();

  track(idHash: string, res: ServerResponse): void {
    let set = this.bySession.get(idHash);
    if (!set) this.bySession.set(idHash, (set = new Set()));
    set.add(res);
    res.once('close', () => {
      set.delete(res);
      if (set.size === 0 && this.bySession.get(idHash) === set) this.bySession.delete(idHash);
    });
  }

  end(idHash: string): void {
    for (const res of this.bySession.get(idHash) ?? []) res.destroy();
    this.bySession.delete(idHash);
  }
}
