/**
 * The small community the chaos load acts in, made through the public API before any fault:
 * members each in two "home" groups they share reviews with, "open" groups they join and leave
 * under load, and businesses to review.
 */
import { randomBytes } from 'node:crypto';
import { retrying, TestClient, type TestResponse } from '@trustcircle/testing';

export interface Member {
  client: TestClient;
  id: number;
  homeGroups: number[];
  /** Open groups this member belongs to right after the world is built (the ones it created). */
  openGroups: Set<number>;
}

export interface World {
  members: Member[];
  openGroups: number[];
  businesses: number[];
}

export interface WorldSize {
  members: number;
  homeGroups: number;
  openGroups: number;
  businesses: number;
}

/** One call that must succeed, sent again while a projection it needs is on its way. */
async function must<T>(call: () => Promise<TestResponse<T>>, what: string): Promise<T> {
  const res = await retrying(call);
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${res.text.slice(0, 200)}`);
  return res.body;
}

export async function buildWorld(baseUrl: string, size: WorldSize): Promise<World> {
  const run = randomBytes(3).toString('hex');
  // A long random passphrase: the password policy refuses guessable ones.
  const password = `chaos ${randomBytes(12).toString('base64url')} harbour lantern`;
  const members: Member[] = [];
  for (let i = 0; i < size.members; i += 1) {
    const client = new TestClient(baseUrl);
    const username = `chaos${run}${i}`;
    const user = await must<{ id: number }>(
      () =>
        client.post('/api/register', {
          username,
          email: `${username}@chaos.trustcircle.test`,
          name: `Chaos Member ${i}`,
          password,
          confirmPassword: password,
        }),
      `register ${username}`,
    );
    members.push({ client, id: user.id, homeGroups: [], openGroups: new Set() });
  }

  const makeGroup = async (owner: Member, name: string) =>
    (
      await must<{ id: number }>(
        () => owner.client.post('/api/groups', { name, description: `Chaos run ${run}: ${name}` }),
        `group ${name}`,
      )
    ).id;
  const homeGroups: number[] = [];
  for (let g = 0; g < size.homeGroups; g += 1) {
    homeGroups.push(await makeGroup(members[g % members.length]!, `Chaos home ${run} ${g}`));
  }
  const openGroups: number[] = [];
  for (let g = 0; g < size.openGroups; g += 1) {
    const owner = members[g % members.length]!;
    const groupId = await makeGroup(owner, `Chaos open ${run} ${g}`);
    owner.openGroups.add(groupId);
    openGroups.push(groupId);
  }
  // Each member in two home groups (the creator is a member of its group already).
  for (const [i, member] of members.entries()) {
    const wanted = [homeGroups[i % homeGroups.length]!, homeGroups[(i + 1) % homeGroups.length]!];
    for (const groupId of new Set(wanted)) {
      const created = homeGroups.indexOf(groupId) % members.length === i;
      if (!created) {
        await must(() => member.client.post(`/api/groups/${groupId}/join`), 'join home group');
      }
      member.homeGroups.push(groupId);
    }
  }

  const categories = await must<string[]>(
    () => members[0]!.client.get('/api/categories'),
    'categories',
  );
  const businesses: number[] = [];
  for (let b = 0; b < size.businesses; b += 1) {
    const category = categories[b % categories.length]!;
    const business = await must<{ id: number }>(
      () =>
        members[b % members.length]!.client.post('/api/businesses', {
          name: `Chaos ${run} business ${b}`,
          category,
          description: `A ${category.toLowerCase()} business of chaos run ${run}.`,
        }),
      'business',
    );
    businesses.push(business.id);
  }
  return { members, openGroups, businesses };
}
