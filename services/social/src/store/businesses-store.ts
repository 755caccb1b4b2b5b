import type { BusinessEventData } from '@trustcircle/contracts';
import { upsertNewestVersion, type Knex } from '@trustcircle/service-kit';

/** The business-name projection: the newest version wins. */
export const businessesStore = {
  async upsert(trx: Knex.Transaction, business: BusinessEventData): Promise<void> {
    const { id, name, version } = business;
    await upsertNewestVersion(trx, 'businesses', 'id', { id, name, version });
  },
};
