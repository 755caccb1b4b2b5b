import { useId, useState } from 'react';
import { RATING_CAPTIONS, starFills } from './helpers';
import { StarIcon } from './icons';

export interface StarRatingProps {
  value: number;
  max?: number;
  size?: number;
  /** Show the value to one decimal next to the stars. */
  showValue?: boolean;
  className?: string;
}

/** Read-only rating with half stars. */
export function StarRating({ value, max = 5, size = 16, showValue, className }: StarRatingProps) {
  const safe = Number.isFinite(value) ? value : 0;
  return (
    <span className={`tc-stars ${className ?? ''}`}>
      <span
        role="img"
        aria-label={`Rated ${safe.toFixed(1)} out of ${max}`}
        className="tc-stars-row"
      >
        {starFills(safe, max).map((fill, index) => (
          <span key={index} className={`tc-star tc-star-${fill}`}>
            <StarIcon size={size} className="tc-star-empty-icon" />
            {fill !== 'empty' && (
              <span className="tc-star-fill">
                <StarIcon size={size} />
              </span>
            )}
          </span>
        ))}
      </span>
      {showValue && <span className="tc-stars-value">{safe.toFixed(1)}</span>}
    </span>
  );
}

export interface StarInputProps {
  value: number;
  onChange(value: number): void;
  label?: string;
  name?: string;
  size?: number;
}

/** Interactive 1–5 rating (radio buttons: arrow keys work), with the captions of spec §2. */
export function StarInput({ value, onChange, label = 'Rating', name, size = 28 }: StarInputProps) {
  const generated = useId();
  const groupName = name ?? `rating-${generated}`;
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  return (
    <fieldset className="tc-star-input">
      <legend className="form-label fs-6">{label}</legend>
      <div className="d-flex gap-1" onMouseLeave={() => setHover(0)}>
        {[1, 2, 3, 4, 5].map((star) => (
          <label
            key={star}
            className={`tc-star-choice ${star <= shown ? 'is-on' : ''}`}
            onMouseEnter={() => setHover(star)}
          >
            <input
              type="radio"
              className="visually-hidden"
              name={groupName}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
            />
            <StarIcon size={size} />
            <span className="visually-hidden">
              {star} {star === 1 ? 'star' : 'stars'}: {RATING_CAPTIONS[star]}
            </span>
          </label>
        ))}
      </div>
      <p className="tc-star-caption small text-body-secondary mt-1 mb-0" aria-live="polite">
        {shown ? RATING_CAPTIONS[shown] : 'Select a rating'}
      </p>
    </fieldset>
  );
}
