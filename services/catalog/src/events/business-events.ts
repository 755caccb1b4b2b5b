import type { BusinessEventData } from '@trustcircle/contracts';
import { publish, type Knex } from '@trustcircle/service-kit';
import type { BusinessRow } from '../store/businesses-store';

/** What other services project of a business (reviews keeps business names). */
export function businessEventData(row: BusinessRow): BusinessEventData {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    image: row.image,
    version: row.version,
  };
}

export function publishBusinessCreated(trx: Knex.Transaction, row: BusinessRow) {
  return publish(trx, 'catalog.business.created', businessEventData(row));
}

export function publishBusinessUpdated(trx: Knex.Transaction, row: BusinessRow) {
  return publish(trx, 'catalog.business.updated', businessEventData(row));
}
