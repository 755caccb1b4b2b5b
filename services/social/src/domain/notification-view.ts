import { NotificationSchema, type Notification, type PersonSummary } from '@trustcircle/contracts';
import type { NotificationRow } from '../store/notifications-store';

function actorOf(row: NotificationRow): PersonSummary | null {
  if (row.actor_id === null || row.actor_username === null) return null;
  return {
    id: row.actor_id,
    username: row.actor_username,
    name: row.actor_name ?? '',
    avatar: row.actor_avatar,
    isVerified: row.actor_verified === true,
  };
}

function businessOf(row: NotificationRow): { id: number; name: string } | null {
  const id = row.payload.businessId;
  return typeof id === 'number' && row.business_name !== null
    ? { id, name: row.business_name }
    : null;
}

/**
 * A stored notification as the API and the stream answer it. Parsed with the contract: a row
 * whose payload does not fit its kind is a bug worth a loud error, not a silent odd answer.
 */
export function toNotification(row: NotificationRow): Notification {
  return NotificationSchema.parse({
    id: Number(row.id),
    kind: row.kind,
    payload: row.payload,
    actor: actorOf(row),
    business: businessOf(row),
    readAt: row.read_at ? row.read_at.toISOString() : null,
    createdAt: row.created_at.toISOString(),
  });
}
