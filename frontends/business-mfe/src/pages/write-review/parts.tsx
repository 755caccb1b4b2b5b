import type { BusinessSummary } from '@trustcircle/contracts';
import { CreateReviewRequestSchema } from '@trustcircle/contracts/reviews';
import { CategoryIcon } from '../../components/CategoryIcon';
import { stepPercent } from '../../logic';

export const STEPS = 3;
export type Step = 1 | 2 | 3;

/** The first message the contract's schema gives for one field, or null when it passes. */
export function check<K extends keyof typeof CreateReviewRequestSchema.shape>(
  field: K,
  value: unknown,
) {
  const result = CreateReviewRequestSchema.shape[field].safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid value');
}

/** "Step n of 3" with the percentage (spec §2). */
export function Progress({ step }: { step: Step }) {
  const percent = stepPercent(step, STEPS);
  return (
    <div className="mb-4">
      <div className="d-flex justify-content-between small fw-semibold mb-1">
        <span>
          Step {step} of {STEPS}
        </span>
        <span>{percent}%</span>
      </div>
      <div
        className="progress"
        role="progressbar"
        aria-label="Review progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="progress-bar" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div id={id} className="invalid-feedback d-block" role="alert">
      {message}
    </div>
  );
}

export function BusinessThumb({
  business,
}: {
  business: Pick<BusinessSummary, 'name' | 'image' | 'category'>;
}) {
  return business.image ? (
    <img src={business.image} alt="" className="tc-result-thumb" />
  ) : (
    <span className="tc-result-thumb tc-category-icon" aria-hidden="true">
      <CategoryIcon category={business.category} size={20} />
    </span>
  );
}
