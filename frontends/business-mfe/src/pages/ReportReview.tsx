import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { REPORT_REASONS } from '@trustcircle/contracts/reviews';
import { api, errorText, ShieldIcon, Spinner, truncate, Link, useParams } from '@trustcircle/ui';
import { LoadError } from '../components/common';
import { useReview } from '../data';

export const REASON_LABELS: Record<
  (typeof REPORT_REASONS)[number],
  { label: string; hint: string }
> = {
  spam: { label: 'Spam', hint: 'Advertising, links or repeated posts' },
  offensive: { label: 'Offensive', hint: 'Hateful, abusive or harassing content' },
  fake: { label: 'Fake', hint: 'Not a genuine experience with this business' },
  other: { label: 'Other', hint: 'Something else is wrong with it' },
};

/** `/report/review/{id}`: reason and details, `POST /api/reviews/{id}/report`, confirmation. */
export function ReportReviewPage() {
  const { id } = useParams();
  const ids = useId();
  const review = useReview(id);
  const [reason, setReason] = useState<string>('');
  const [details, setDetails] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const report = useMutation({
    mutationFn: () =>
      api.post(`/api/reviews/${id}/report`, { reason, details: details.trim() || undefined }),
  });

  if (review.isLoading) return <Spinner label="Loading review…" />;
  if (review.isError || !review.data)
    return <LoadError error={review.error} notFoundTitle="Review not found" />;
  const data = review.data;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setMissingReason(true);
      return;
    }
    report.mutate();
  };

  return (
    <div className="container-xl py-4">
      <div className="tc-narrow-card mx-auto">
        {report.isSuccess ? (
          <div className="card border-0 shadow-sm text-center" role="status">
            <div className="card-body p-4 p-md-5">
              <div className="tc-empty-icon mx-auto mb-3">
                <ShieldIcon size={28} />
              </div>
              <h1 className="h4">Thanks for your report</h1>
              <p className="text-body-secondary">
                We&apos;ve received it. Our moderators look at reported reviews; one reported by
                members in good standing is hidden until they have decided.
              </p>
              <Link to={`/business/${data.businessId}`} className="btn btn-primary">
                Back to {data.businessName || 'the business'}
              </Link>
            </div>
          </div>
        ) : (
          <form className="card border-0 shadow-sm" onSubmit={submit} noValidate>
            <div className="card-body p-3 p-md-4">
              <h1 className="h4">Report a review</h1>
              <figure className="border-start border-3 ps-3 my-3">
                <blockquote className="mb-1 tc-pre-line">{truncate(data.content, 200)}</blockquote>
                <figcaption className="small text-body-secondary">
                  {data.user?.name || data.user?.username} on {data.businessName}
                </figcaption>
              </figure>
              {report.isError && (
                <div className="alert alert-danger" role="alert">
                  {errorText(report.error)}
                </div>
              )}
              <fieldset
                className="mb-3"
                aria-describedby={missingReason ? `${ids}-reason-error` : undefined}
              >
                <legend className="form-label fs-6 fw-semibold">Why are you reporting it?</legend>
                {REPORT_REASONS.map((value) => (
                  <div key={value} className="form-check mb-2">
                    <input
                      className="form-check-input"
                      type="radio"
                      name="reason"
                      id={`${ids}-${value}`}
                      value={value}
                      checked={reason === value}
                      onChange={() => {
                        setReason(value);
                        setMissingReason(false);
                      }}
                    />
                    <label className="form-check-label" htmlFor={`${ids}-${value}`}>
                      {REASON_LABELS[value].label}
                      <span className="d-block small text-body-secondary">
                        {REASON_LABELS[value].hint}
                      </span>
                    </label>
                  </div>
                ))}
                {missingReason && (
                  <div id={`${ids}-reason-error`} className="invalid-feedback d-block" role="alert">
                    Choose a reason: spam, offensive, fake or other
                  </div>
                )}
              </fieldset>
              <label htmlFor={`${ids}-details`} className="form-label">
                Details <span className="text-body-secondary">(optional)</span>
              </label>
              <textarea
                id={`${ids}-details`}
                className="form-control"
                rows={4}
                maxLength={1000}
                value={details}
                onChange={(event) => setDetails(event.target.value)}
              />
            </div>
            <div className="card-footer bg-white d-flex justify-content-end gap-2 p-3">
              <Link to={`/business/${data.businessId}`} className="btn btn-outline-secondary">
                Cancel
              </Link>
              <button type="submit" className="btn btn-danger" disabled={report.isPending}>
                {report.isPending ? 'Sending…' : 'Submit Report'}
              </button>
            </div>
          </form>
        )}
      </div>
    </div>
  );
}
