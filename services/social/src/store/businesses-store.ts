import type { BusinessEventData } from '@trustcircle/contracts';
import type { Knex } from '@trustcircle/service-kit';

/** The business-name projection: the newest version wins. */
export const businessesStore = {
  async upsert(trx: Knex.Transaction, business: BusinessEventData): Promise<void> {
    await trx.raw(
      `insert into businesses (id, name, version) values (?, ?, ?)
       on conflict (id) do update set name = excluded.name, version = excluded.version
       where businesses.version < excluded.version`,
      [business.id, business.name, business.version],
    );
  },
};
