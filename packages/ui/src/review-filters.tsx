import type { ReviewSort } from '@trustcircle/contracts';
import { useCallback, useEffect, useId, useState } from 'react';
import { useSearchParams, EmptyState, StarIcon } from '@trustcircle/ui';
import {
  isFiltered,
  readReviewView,
  SORT_LABELS,
  SORT_ORDER,
  withoutFilters,
  writeReviewView,
  type ReviewView,
} from './review-view';

/**
 * The review view kept in the page's URL (`?sort=&stars=&photos=&group=`, defaults left out),
 * so a reload or a shared link shows the same list; other parameters are kept. A change
 * replaces the history entry: the Back button leaves the page rather than undoing a filter.
 */
export function useReviewViewParams(): [ReviewView, (view: ReviewView) => void] {
  const [params, setParams] = useSearchParams();
  const setView = useCallback(
    (view: ReviewView) =>
      setParams((now) => writeReviewView(now, view), { replace: true, preventScrollReset: true }),
    [setParams],
  );
  return [readReviewView(params), setView];
}

const STAR_CHOICES = [5, 4, 3, 2, 1];

/** A community a list can be narrowed to (a business's reviews shared with it). */
export interface ReviewFilterGroup {
  id: number;
  name: string;
}

/**
 * The controls over a list of reviews (issue 17): sort, a star filter (any of 1–5), "With
 * photos" and, when `groups` are given, a community. Each change goes to `onChange`; the page
 * keeps the view in its URL. Used by the business page, the group page and the profile.
 */
export function ReviewFilters({
  view,
  onChange,
  groups = [],
}: {
  view: ReviewView;
  onChange(view: ReviewView): void;
  groups?: ReviewFilterGroup[];
}) {
  const ids = useId();
  // The page's view arrives through the URL a render later (a router transition): until then
  // the controls show the last choice, and the next click builds on it, not on the older view.
  const [shown, setShown] = useState(view);
  const viewKey = JSON.stringify(view);
  useEffect(() => setShown(JSON.parse(viewKey) as ReviewView), [viewKey]);
  const choose = (next: ReviewView) => {
    setShown(next);
    onChange(next);
  };
  const set = (patch: Partial<ReviewView>) => choose({ ...shown, ...patch });
  const toggleStar = (star: number) =>
    set({
      stars: shown.stars.includes(star)
        ? shown.stars.filter((s) => s !== star)
        : [...shown.stars, star].sort(),
    });
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
            value={shown.sort}
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
              const on = shown.stars.includes(star);
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
              value={shown.groupId ?? ''}
              onChange={(event) =>
                set({ groupId: event.target.value ? Number(event.target.value) : null })
              }
            >
              <option value="">All communities</option>
              {groups.map((group) => (
                <option key={group.id} value={group.id}>
                  {group.name}
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
            checked={shown.withPhotos}
            onChange={(event) => set({ withPhotos: event.target.checked })}
          />
          <label htmlFor={`${ids}-photos`} className="form-check-label small">
            With photos
          </label>
        </div>
        {isFiltered(shown) && (
          <button
            type="button"
            className="btn btn-sm btn-link ms-auto px-0"
            onClick={() => choose(withoutFilters(shown))}
          >
            Clear filters
          </button>
        )}
      </div>
    </div>
  );
}

/** "No reviews match these filters" with a way back to every review. */
export function NoMatchingReviews({ onClear }: { onClear(): void }) {
  return (
    <div className="card border-0 shadow-sm">
      <EmptyState
        title="No reviews match these filters"
        hint="Try fewer stars, or show reviews without photos too."
      >
        <button type="button" className="btn btn-sm btn-outline-primary" onClick={onClear}>
          Clear filters
        </button>
      </EmptyState>
    </div>
  );
}
