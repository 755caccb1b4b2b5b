/**
 * The platform as real processes (test/chaos/cluster.ts) with the least world that makes every
 * kind of telemetry happen: one member in one group, one business, and a review to write.
 */
import path from 'node:path';
import { retrying, type TestResponse } from '@trustcircle/testing';
import { Cluster } from '../chaos/cluster.ts';
import { buildWorld, type Member } from '../chaos/world.ts';

export const root = path.resolve(__dirname, '..', '..');

export interface ObservedPlatform {
  cluster: Cluster;
  /** Writes one review (sent again while the business's projection is on its way). */
  review(content: string): Promise<TestResponse<unknown>>;
}

/** Sent with every review: the gateway is the edge, so a client's trace context must not count. */
export const FORGED_TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';

export async function startPlatform(env: Record<string, string> = {}): Promise<ObservedPlatform> {
  const cluster = new Cluster({ root, say: () => undefined, env });
  await cluster.start();
  const world = await buildWorld(cluster.baseUrl, {
    members: 1,
    homeGroups: 1,
    openGroups: 0,
    businesses: 1,
  });
  const member: Member = world.members[0]!;
  const review = (content: string) =>
    retrying(() =>
      member.client.post(
        '/api/reviews',
        {
          businessId: world.businesses[0],
          rating: 4,
          content,
          groupIds: member.homeGroups,
        },
        { traceparent: `00-${FORGED_TRACE_ID}-00f067aa0ba902b7-01` },
      ),
    );
  return { cluster, review };
}
