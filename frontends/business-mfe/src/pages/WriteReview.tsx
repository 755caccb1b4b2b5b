import type { BusinessSummary, Review } from '@trustcircle/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { api, errorText, Spinner, useToast } from '@trustcircle/ui';
import { invalidateAfterWrite, uploadPhotos, useBusiness, useMyGroups } from '../data';
import { ContentStep, type ContentTab, type Draft } from './write-review/ContentStep';
import { GroupsStep } from './write-review/GroupsStep';
import { BusinessThumb, check, FieldError, Progress, type Step } from './write-review/parts';
import { PhotoPicker, type Photo } from './write-review/PhotoPicker';
import { SelectBusiness } from './write-review/SelectBusiness';

/** Spec §2 / §4: the 3-step review wizard (business → rating and content → groups). */
export function WriteReviewPage() {
  const { businessId } = useParams();
  const navigate = useNavigate();
  const notify = useToast();
  const client = useQueryClient();
  const ids = useId();

  const [step, setStep] = useState<Step>(1);
  const [business, setBusiness] = useState<BusinessSummary | null>(null);
  const [draft, setDraft] = useState<Draft>({ rating: 0, content: '', pros: '', cons: '' });
  const [tab, setTab] = useState<ContentTab>('review');
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [groupIds, setGroupIds] = useState<number[]>([]);
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Reached with a businessId: that business is chosen and the wizard starts at step 2.
  const preselected = useBusiness(businessId);
  const jumped = useRef(false);
  useEffect(() => {
    if (preselected.data && !jumped.current) {
      jumped.current = true;
      setBusiness(preselected.data);
      setStep(2);
    }
  }, [preselected.data]);

  const myGroups = useMyGroups();
  const groups = myGroups.data ?? [];

  useEffect(() => {
    headingRef.current?.focus();
  }, [step]);

  const submit = useMutation({
    mutationFn: async () => {
      const uploaded = photos.length ? await uploadPhotos(photos.map((p) => p.file)) : [];
      return api.post<Review>('/api/reviews', {
        businessId: business?.id,
        ...draft,
        groupIds,
        photos: uploaded.map((photo) => photo.url),
      });
    },
    onSuccess: async () => {
      notify({
        title: 'Review submitted successfully',
        description: 'Thank you for sharing your experience!',
        variant: 'success',
      });
      void invalidateAfterWrite(client);
      navigate('/');
    },
    onError: (error) =>
      notify({
        title: 'Failed to submit review',
        description: errorText(error),
        variant: 'destructive',
      }),
  });

  // Spec §4: Continue on step 1 needs a business; on step 2 a rating and 10+ characters.
  const next = () => {
    if (step === 1) {
      const message = check('businessId', business?.id);
      setErrors({ businessId: message });
      if (!message) setStep(2);
    } else if (step === 2) {
      const found = {
        rating: check('rating', draft.rating),
        content: check('content', draft.content),
      };
      setErrors(found);
      if (!found.rating && !found.content) setStep(3);
    }
  };
  const back = () => {
    setErrors({});
    setStep((current) => (current > 1 ? ((current - 1) as Step) : current));
  };
  const onSubmit = () => {
    const message = check('groupIds', groupIds);
    setErrors({ groupIds: message });
    if (!message && business) submit.mutate();
  };

  if (businessId && preselected.isLoading) return <Spinner label="Loading business…" />;

  const submitDisabled =
    submit.isPending || groups.length === 0 || !business || groupIds.length === 0;

  return (
    <div className="container-xl py-4">
      <div className="tc-wizard mx-auto">
        <h1 className="h3 mb-1" ref={headingRef} tabIndex={-1}>
          Write a Review
        </h1>
        <p className="text-body-secondary">
          Share your experience with the communities you belong to.
        </p>
        <Progress step={step} />
        {businessId && preselected.isError && (
          <div className="alert alert-warning" role="alert">
            That business could not be loaded; search for it below.
          </div>
        )}

        {/* Not a <form>: step 1 holds the business search form, and forms must not nest. */}
        <div className="card border-0 shadow-sm">
          <div className="card-body p-3 p-md-4">
            {step > 1 && business && (
              <div className="d-flex align-items-center gap-3 border rounded-3 p-2 mb-4 bg-light">
                <BusinessThumb business={business} />
                <div className="min-w-0 flex-grow-1">
                  <div className="small text-body-secondary">Reviewing</div>
                  <div className="fw-semibold text-truncate">{business.name}</div>
                </div>
              </div>
            )}

            {step === 1 && (
              <>
                <SelectBusiness
                  selected={business}
                  onSelect={(chosen) => {
                    setBusiness(chosen);
                    setErrors({});
                  }}
                />
                {business && (
                  <p className="small mt-3 mb-0" aria-live="polite">
                    Selected: <strong>{business.name}</strong>
                  </p>
                )}
                <FieldError id={`${ids}-business`} message={errors.businessId} />
              </>
            )}

            {step === 2 && (
              <>
                <ContentStep
                  ids={ids}
                  draft={draft}
                  onChange={(patch) => {
                    setDraft((current) => ({ ...current, ...patch }));
                    setErrors((current) => ({
                      ...current,
                      ...Object.fromEntries(Object.keys(patch).map((key) => [key, null])),
                    }));
                  }}
                  tab={tab}
                  onTab={setTab}
                  errors={errors}
                />
                <PhotoPicker id={`${ids}-photos`} photos={photos} onChange={setPhotos} />
              </>
            )}

            {step === 3 && (
              <GroupsStep
                ids={ids}
                groups={myGroups}
                chosen={groupIds}
                onToggle={(id) => {
                  setErrors({});
                  setGroupIds((current) =>
                    current.includes(id) ? current.filter((g) => g !== id) : [...current, id],
                  );
                }}
                error={errors.groupIds}
              />
            )}
          </div>
          <div className="card-footer bg-white d-flex justify-content-between gap-2 p-3">
            <button
              type="button"
              className="btn btn-outline-secondary"
              onClick={back}
              disabled={step === 1}
            >
              Back
            </button>
            {step < 3 ? (
              <button type="button" className="btn btn-primary" onClick={next}>
                Continue
              </button>
            ) : (
              <button
                type="button"
                className="btn btn-primary"
                disabled={submitDisabled}
                onClick={onSubmit}
              >
                {submit.isPending ? 'Submitting…' : 'Submit Review'}
              </button>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
