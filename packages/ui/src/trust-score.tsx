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
