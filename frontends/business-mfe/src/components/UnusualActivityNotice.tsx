import { useId } from 'react';
import type { UnusualActivity } from '@trustcircle/contracts/moderation';
import { UNUSUAL_ACTIVITY_NOTICE } from '@trustcircle/contracts/constants';
import { AlertIcon, countLabel, longDate } from '@trustcircle/ui';

/**
 * "Unusual review activity" (issue 15, like Yelp's consumer alerts): the business received a
 * burst of reviews, which moderators are looking at; readers should weigh them with care.
 */
export function UnusualActivityNotice({
  activity,
  business,
}: {
  activity: UnusualActivity;
  business: string;
}) {
  const id = useId();
  const since = longDate(activity.since);
  return (
    <aside
      className="alert alert-warning tc-unusual d-flex gap-3 align-items-start"
      aria-labelledby={id}
    >
      <AlertIcon size={22} className="flex-shrink-0 mt-1" />
      <div>
        <h2 id={id} className="h6 mb-1">
          {UNUSUAL_ACTIVITY_NOTICE}
        </h2>
        <p className="small mb-0">
          {business} received an unusual number of reviews in a short time (
          {countLabel(activity.reviewCount, 'review')} within a day
          {since ? `, noticed on ${since}` : ''}). Our moderators are looking at them; until they
          have decided, its score may not reflect genuine experiences alone.
        </p>
      </div>
    </aside>
  );
}
