import { StarInput } from '@trustcircle/ui';
import { FieldError } from './parts';

export type ContentTab = 'review' | 'pros' | 'cons';

/** What step 2 writes: the rating and the three texts (pros and cons one point per line). */
export interface Draft {
  rating: number;
  content: string;
  pros: string;
  cons: string;
}

const TABS: Array<{ key: ContentTab; label: string; field: keyof Omit<Draft, 'rating'> }> = [
  { key: 'review', label: 'Full Review', field: 'content' },
  { key: 'pros', label: 'Pros', field: 'pros' },
  { key: 'cons', label: 'Cons', field: 'cons' },
];

/** Step 2 (spec §2): the 1–5 stars with captions, then the Full Review / Pros / Cons tabs. */
export function ContentStep({
  ids,
  draft,
  onChange,
  tab,
  onTab,
  errors,
}: {
  ids: string;
  draft: Draft;
  onChange(patch: Partial<Draft>): void;
  tab: ContentTab;
  onTab(tab: ContentTab): void;
  errors: Record<string, string | null>;
}) {
  return (
    <>
      <StarInput
        value={draft.rating}
        onChange={(rating) => onChange({ rating })}
        label="Your rating"
      />
      <FieldError id={`${ids}-rating`} message={errors.rating} />

      <div className="nav nav-underline tc-tabs mt-4 mb-3" role="tablist" aria-label="Review text">
        {TABS.map((entry) => (
          <button
            key={entry.key}
            type="button"
            role="tab"
            id={`${ids}-${entry.key}-tab`}
            aria-controls={`${ids}-${entry.key}`}
            aria-selected={tab === entry.key}
            className={`nav-link ${tab === entry.key ? 'active' : ''}`}
            onClick={() => onTab(entry.key)}
          >
            {entry.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${ids}-review`}
        aria-labelledby={`${ids}-review-tab`}
        hidden={tab !== 'review'}
      >
        <label htmlFor={`${ids}-content`} className="form-label">
          Your review
        </label>
        <textarea
          id={`${ids}-content`}
          className={`form-control ${errors.content ? 'is-invalid' : ''}`}
          rows={6}
          value={draft.content}
          onChange={(event) => onChange({ content: event.target.value })}
          placeholder="What was your experience like? At least 10 characters."
          aria-describedby={`${ids}-content-error`}
        />
        <FieldError id={`${ids}-content-error`} message={errors.content} />
      </div>
      <div
        role="tabpanel"
        id={`${ids}-pros`}
        aria-labelledby={`${ids}-pros-tab`}
        hidden={tab !== 'pros'}
      >
        <label htmlFor={`${ids}-pros-text`} className="form-label">
          Pros (one point per line)
        </label>
        <textarea
          id={`${ids}-pros-text`}
          className="form-control"
          rows={5}
          value={draft.pros}
          onChange={(event) => onChange({ pros: event.target.value })}
          placeholder={'Friendly staff\nFair prices'}
        />
      </div>
      <div
        role="tabpanel"
        id={`${ids}-cons`}
        aria-labelledby={`${ids}-cons-tab`}
        hidden={tab !== 'cons'}
      >
        <label htmlFor={`${ids}-cons-text`} className="form-label">
          Cons (one point per line)
        </label>
        <textarea
          id={`${ids}-cons-text`}
          className="form-control"
          rows={5}
          value={draft.cons}
          onChange={(event) => onChange({ cons: event.target.value })}
          placeholder={'Busy at lunchtime'}
        />
      </div>
    </>
  );
}
