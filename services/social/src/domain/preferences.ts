import {
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreferences,
  type NotificationPreferencesUpdate,
} from '@trustcircle/contracts';

/** Every kind on, except those switched off. */
export function preferencesFrom(disabled: readonly string[]): NotificationPreferences {
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, !disabled.includes(kind)]),
  ) as NotificationPreferences;
}

/** The (kind, on) pairs an update names, in the kinds' order. */
export function preferenceChanges(
  update: NotificationPreferencesUpdate,
): [NotificationKind, boolean][] {
  return NOTIFICATION_KINDS.flatMap((kind) => {
    const value = update[kind];
    return value === undefined ? [] : [[kind, value] as [NotificationKind, boolean]];
  });
}
