import { publish, type Knex } from '@trustcircle/service-kit';
import type { ActivityRow } from '../store/activity-store';

/** Tells catalog the business's flag (`Business.unusualActivity`). */
export async function publishActivity(trx: Knex.Transaction, row: ActivityRow): Promise<void> {
  await publish(trx, 'reviews.activity.changed', {
    businessId: row.business_id,
    unusualActivity:
      row.cleared_at === null
        ? { since: row.since.toISOString(), reviewCount: row.review_count }
        : null,
    version: row.version,
  });
}
