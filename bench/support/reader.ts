/** The signed-in reader and the business whose page the reviews benches read. */
import type pg from 'pg';
import { registerUser } from './auth.ts';
import { waitUntil } from './env.ts';

/**
 * Registers `username` through the gateway, creates a business through catalog, and waits
 * until reviews' projections know both. `admin` must be connected to the bench database.
 */
export async function readerAndBusiness(
  gateway: string,
  admin: pg.Client,
  names: { username: string; name: string; business: string },
): Promise<{ cookie: string; userId: number; businessId: number }> {
  const { cookie, userId } = await registerUser(gateway, names.username, names.name);
  const created = await fetch(`${gateway}/api/businesses`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ name: names.business, category: 'Restaurants' }),
  });
  if (created.status !== 201) throw new Error(`business: ${created.status}`);
  const businessId = ((await created.json()) as { id: number }).id;
  await waitUntil(async () => {
    const { rows } = await admin.query(
      'select (select count(*) from reviews.businesses where id = $1) + (select count(*) from reviews.users where id = $2) as n',
      [businessId, userId],
    );
    return Number(rows[0].n) === 2;
  }, "the reader and business in reviews' projections");
  return { cookie, userId, businessId };
}
