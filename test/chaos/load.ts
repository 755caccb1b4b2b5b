/**
 * A steady mixed load at a fixed rate (open loop: a slow or failing platform does not slow the
 * load down, as real users do not wait for each other), and the ledger of what the platform
 * acknowledged: every 2xx write is a promise the platform must keep through any fault.
 */
import type { TestResponse } from '@trustcircle/testing';
import type { Member, World } from './world.ts';

/** An HTTP status, or how the request failed without one. */
export type Outcome = number | 'network' | 'timeout';

export interface RequestRecord {
  op: string;
  start: number;
  end: number;
  outcome: Outcome;
  /** For a failed request: what was asked and what came back, to tell who failed it. */
  detail?: string;
}

/** What the platform acknowledged. `null`: a request failed, so the state is not known. */
export class Ledger {
  /** Acknowledged reviews by id: author and business. */
  readonly reviews = new Map<number, { author: number; business: number }>();
  /** `userId:reviewId` → voted helpful. */
  readonly votes = new Map<string, boolean | null>();
  /** `userId:groupId` → member of that open group. */
  readonly memberships = new Map<string, boolean | null>();
}

export interface LoadOptions {
  /** Requests started per second. */
  rate: number;
  /** A request still unanswered after this long counts as failed. */
  timeoutMs: number;
}

const READS = [
  (world: World) => `/api/businesses/${pick(world.businesses)}`,
  () => '/api/reviews/feed',
  () => '/api/groups/user',
  (world: World) => `/api/groups/${pick(world.openGroups)}`,
];

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)]!;
}

function shuffled<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

const retryable = (res: TestResponse) => res.headers.has('retry-after') || res.status >= 500;

export class Load {
  readonly records: RequestRecord[] = [];
  readonly ledger = new Ledger();
  private readonly inFlight = new Set<Promise<void>>();
  /** Pairs (vote, membership) with a request in flight: one at a time, so acks are ordered. */
  private readonly busy = new Set<string>();
  private readonly toReview: { member: Member; business: number }[];
  private readonly reviewIds: { id: number; author: number }[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly world: World,
    private readonly options: LoadOptions,
  ) {
    this.toReview = shuffled(
      world.members.flatMap((member) => world.businesses.map((business) => ({ member, business }))),
    );
    for (const member of world.members) {
      for (const groupId of world.openGroups) {
        this.ledger.memberships.set(`${member.id}:${groupId}`, member.openGroups.has(groupId));
      }
    }
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.fire(), 1000 / this.options.rate);
  }

  /** Stops starting requests and waits for those in flight. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.all([...this.inFlight]);
  }

  private fire(): void {
    const roll = Math.random();
    const work =
      roll < 0.45
        ? this.read()
        : roll < 0.6
          ? this.writeReview()
          : roll < 0.9
            ? this.vote()
            : this.joinOrLeave();
    const tracked = work.catch(() => undefined).finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
  }

  /** One request, recorded; `undefined` when it got no answer. */
  private async call(
    op: string,
    member: Member,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<TestResponse | undefined> {
    const start = Date.now();
    try {
      const res = await member.client.request(method, path, {
        body,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      const detail =
        res.status >= 500 ? `${method} ${path} → ${res.text.slice(0, 120)}` : undefined;
      this.records.push({ op, start, end: Date.now(), outcome: res.status, detail });
      return res;
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      const cause =
        (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
      this.records.push({
        op,
        start,
        end: Date.now(),
        outcome: timedOut ? 'timeout' : 'network',
        detail: `${method} ${path} → ${cause}`,
      });
      return undefined;
    }
  }

  private async read(): Promise<void> {
    await this.call('read', pick(this.world.members), 'GET', pick(READS)(this.world));
  }

  private async writeReview(): Promise<void> {
    const next = this.toReview.shift();
    if (!next) return this.read();
    const { member, business } = next;
    const res = await this.call('review', member, 'POST', '/api/reviews', {
      businessId: business,
      rating: 1 + Math.floor(Math.random() * 5),
      content: 'Written during a chaos run: the platform must keep this review exactly once.',
      groupIds: member.homeGroups,
    });
    if (res && res.status === 201) {
      const id = (res.body as { id: number }).id;
      this.ledger.reviews.set(id, { author: member.id, business });
      this.reviewIds.push({ id, author: member.id });
    } else if (!res || retryable(res)) {
      // Unanswered or "try again": the pair is tried again later (a 409 then tells us it landed).
      this.toReview.push(next);
    }
  }

  private async vote(): Promise<void> {
    if (this.reviewIds.length === 0) return this.read();
    const review = pick(this.reviewIds);
    const voter = pick(this.world.members);
    const key = `${voter.id}:${review.id}`;
    if (voter.id === review.author || this.busy.has(key)) return this.read();
    this.busy.add(key);
    try {
      const voted = this.ledger.votes.get(key) ?? false;
      const res = await this.call(
        voted ? 'unvote' : 'vote',
        voter,
        voted ? 'DELETE' : 'PUT',
        `/api/reviews/${review.id}/helpful`,
      );
      if (res && res.status < 300) this.ledger.votes.set(key, !voted);
      else if (!res || res.status >= 500) this.ledger.votes.set(key, null);
    } finally {
      this.busy.delete(key);
    }
  }

  private async joinOrLeave(): Promise<void> {
    const member = pick(this.world.members);
    const groupId = pick(this.world.openGroups);
    const key = `${member.id}:${groupId}`;
    if (this.busy.has(key)) return this.read();
    this.busy.add(key);
    try {
      const joined = this.ledger.memberships.get(key) ?? false;
      const action = joined ? 'leave' : 'join';
      const res = await this.call(action, member, 'POST', `/api/groups/${groupId}/${action}`);
      if (res && res.status < 300) this.ledger.memberships.set(key, !joined);
      else if (!res || res.status >= 500) this.ledger.memberships.set(key, null);
    } finally {
      this.busy.delete(key);
    }
  }
}
