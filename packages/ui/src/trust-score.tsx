import { trustTone, trustWidth } from './helpers';

/** The trust-score bar of spec §4: width score ÷ 5, green / amber / orange / red by score. */
export function TrustScoreBar({ score, label = 'Trust score' }: { score: number; label?: string }) {
  const safe = Number.isFinite(score) ? score : 0;
  return (
    <div className="tc-trust">
      <div
        className="tc-trust-track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={5}
        aria-valuenow={Number(safe.toFixed(1))}
        aria-valuetext={`${safe.toFixed(1)} out of 5`}
      >
        <div
          className={`tc-trust-fill tc-trust-${trustTone(safe)}`}
          style={{ width: `${trustWidth(safe)}%` }}
        />
      </div>
    </div>
  );
}

/** What a business with no review shows instead of a score (0.0 and a red bar read as bad). */
export const NOT_YET_RATED = 'Not yet rated';

/** A score is shown only once there is something to score: at least one review. */
export const isRated = (reviewCount: number | null | undefined) => (reviewCount ?? 0) > 0;

export function NotYetRated({ className }: { className?: string }) {
  return <span className={`tc-not-rated ${className ?? ''}`}>{NOT_YET_RATED}</span>;
}
