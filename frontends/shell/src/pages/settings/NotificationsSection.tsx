import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { NotificationKind, NotificationPreferences } from '@trustcircle/contracts';
import { NOTIFICATION_KINDS } from '@trustcircle/contracts/social';
import { api, useFailureToast } from '@trustcircle/ui';

const PREFERENCES_PATH = '/api/notifications/preferences';

/** What each kind means to a member (the order of the contracts' kinds). */
const KIND_LABELS: Record<NotificationKind, { label: string; hint: string }> = {
  new_follower: { label: 'New followers', hint: 'Someone starts following you.' },
  following_review: {
    label: 'Reviews by people you follow',
    hint: 'Someone you follow writes a review.',
  },
  review_helpful: {
    label: 'Helpful votes',
    hint: 'People find your review helpful (grouped per review).',
  },
  owner_reply: {
    label: 'Owner replies',
    hint: "A business's owner replies to your review.",
  },
  review_moderated: {
    label: 'Moderation of your reviews',
    hint: 'Reports put your review on hold, or a moderator keeps or removes it.',
  },
};

/**
 * Notification preferences (issue 18): one switch per kind, saved as it is flipped. A kind
 * switched off is not written at all, so it does not come back when switched on again.
 */
export function NotificationsSection() {
  const client = useQueryClient();
  const failed = useFailureToast();
  const preferences = useQuery({
    queryKey: [PREFERENCES_PATH],
    queryFn: () => api.get<NotificationPreferences>(PREFERENCES_PATH),
  });
  // The change being saved, shown from the click's own render: the mutation's and the query's
  // states reach React a task later, and meanwhile the controlled switch flipped back.
  const [saving, setSaving] = useState<Partial<NotificationPreferences> | null>(null);
  const save = useMutation({
    mutationFn: (change: Partial<NotificationPreferences>) =>
      api.put<NotificationPreferences>(PREFERENCES_PATH, change),
    onSuccess: (answer) => client.setQueryData([PREFERENCES_PATH], answer),
    onError: failed('Could not save your notification settings'),
    onSettled: () => setSaving(null),
  });
  if (preferences.isLoading)
    return (
      <p className="text-body-secondary mb-0" role="status">
        Loading your notification settings…
      </p>
    );
  if (!preferences.data)
    return (
      <p className="text-body-secondary mb-0" role="status">
        We couldn&apos;t load your notification settings right now.
      </p>
    );
  // While a change is saved the switch shows it (and is disabled); the answer then rules, read
  // from the cache, which holds it before the query's own state does (no flicker back).
  const saved = client.getQueryData<NotificationPreferences>([PREFERENCES_PATH]);
  const current = { ...(saved ?? preferences.data), ...saving };
  return (
    <div className="d-grid gap-3">
      {NOTIFICATION_KINDS.map((kind) => (
        <div className="form-check form-switch" key={kind}>
          <input
            className="form-check-input"
            type="checkbox"
            role="switch"
            id={`notify-${kind}`}
            aria-describedby={`notify-${kind}-hint`}
            checked={current[kind]}
            disabled={saving !== null}
            onChange={(event) => {
              const change = { [kind]: event.target.checked };
              setSaving(change);
              save.mutate(change);
            }}
          />
          <label className="form-check-label fw-semibold" htmlFor={`notify-${kind}`}>
            {KIND_LABELS[kind].label}
          </label>
          <div id={`notify-${kind}-hint`} className="small text-body-secondary">
            {KIND_LABELS[kind].hint}
          </div>
        </div>
      ))}
    </div>
  );
}
