import type { BusinessDetailWithReviews } from '@trustcircle/contracts';
import { useId } from 'react';
import type { ReviewSort } from '@trustcircle/contracts/reviews';
import { StarIcon } from '@trustcircle/ui';
import {
  isFiltered,
  SORT_LABELS,
  SORT_ORDER,
  withoutFilters,
  type ReviewView,
} from '../../review-view';

const STAR_CHOICES = [5, 4, 3, 2, 1];

/**
 * The Reviews tab's controls (issue 17): sort, a star filter (any of 1–5), "With photos" and
 * a community. Each change becomes the URL's (the page keeps the view there).
 */
export function ReviewFilters({
  business,
  view,
  onChange,
}: {
  business: BusinessDetailWithReviews;
  view: ReviewView;
  onChange(view: ReviewView): void;
}) {
  const ids = useId();
  const set = (patch: Partial<ReviewView>) => onChange({ ...view, ...patch });
  const toggleStar = (star: number) =>
    set({
      stars: view.stars.includes(star)
        ? view.stars.filter((s) => s !== star)
        : [...view.stars, star].sort(),
    });
  const groups = business.groupTrustScores;
  return (
    <div className="tc-review-filters card border-0 shadow-sm mb-3">
      <div className="card-body d-flex flex-wrap align-items-end gap-3">
        <div>
          <label htmlFor={`${ids}-sort`} className="form-label small fw-semibold mb-1">
            Sort by
          </label>
          <select
            id={`${ids}-sort`}
            className="form-select form-select-sm"
            value={view.sort}
            onChange={(event) => set({ sort: event.target.value as ReviewSort })}
          >
            {SORT_ORDER.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </div>
        <fieldset>
          <legend className="form-label small fw-semibold mb-1">Stars</legend>
          <div className="btn-group btn-group-sm flex-wrap" role="group">
            {STAR_CHOICES.map((star) => {
              const on = view.stars.includes(star);
              return (
                <button
                  key={star}
                  type="button"
                  className={`btn ${on ? 'btn-primary' : 'btn-outline-secondary'} tc-star-filter`}
                  aria-pressed={on}
                  aria-label={`${star} ${star === 1 ? 'star' : 'stars'}`}
                  onClick={() => toggleStar(star)}
                >
                  {star} <StarIcon size={12} />
                </button>
              );
            })}
          </div>
        </fieldset>
        {groups.length > 0 && (
          <div>
            <label htmlFor={`${ids}-group`} className="form-label small fw-semibold mb-1">
              Community
            </label>
            <select
              id={`${ids}-group`}
              className="form-select form-select-sm"
              value={view.groupId ?? ''}
              onChange={(event) =>
                set({ groupId: event.target.value ? Number(event.target.value) : null })
              }
            >
              <option value="">All communities</option>
              {groups.map((group) => (
                <option key={group.groupId} value={group.groupId}>
                  {group.groupName}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="form-check mb-1">
          <input
            id={`${ids}-photos`}
            type="checkbox"
            className="form-check-input"
            checked={view.withPhotos}
            onChange={(event) => set({ withPhotos: event.target.checked })}
          />
          <label htmlFor={`${ids}-photos`} className="form-check-label small">
            With photos
          </label>
        </div>
        {isFiltered(view) && (
          <button
            type="button"
            className="btn btn-sm btn-link ms-auto px-0"
            onClick={() => onChange(withoutFilters(view))}
          >
            Clear filters
          </button>
        )}
      </div>
    </div>
  );
}
