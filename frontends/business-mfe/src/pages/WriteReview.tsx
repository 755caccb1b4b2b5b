import type { BusinessSummary } from '@trustcircle/contracts';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { longDate, moderationNotice, Spinner, useParams } from '@trustcircle/ui';
import { useBusiness, useMyGroups, useMyReviewOf } from '../data';
import { ContentStep, type ContentTab, type Draft } from './write-review/ContentStep';
import { GroupsStep, type StepGroup } from './write-review/GroupsStep';
import { BusinessThumb, check, FieldError, Progress, type Step } from './write-review/parts';
import { PhotoPicker, type Photo } from './write-review/PhotoPicker';
import { SelectBusiness } from './write-review/SelectBusiness';
import { useSubmitReview } from './write-review/useSubmitReview';

const EMPTY_DRAFT: Draft = { rating: 0, content: '', pros: '', cons: '' };
const pick = ({ rating, content, pros, cons }: Draft): Draft => ({ rating, content, pros, cons });

/**
 * Spec §2 / §4: the 3-step review wizard (business → rating and content → groups). For a
 * business the reader has reviewed already it edits that review (issue 17): the same steps,
 * filled in, ending in Update instead of a 409.
 */
export function WriteReviewPage() {
  const { businessId } = useParams();
  const ids = useId();

  const [step, setStep] = useState<Step>(1);
  const [business, setBusiness] = useState<BusinessSummary | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [tab, setTab] = useState<ContentTab>('review');
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [kept, setKept] = useState<string[]>([]);
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

  // The reader's own review of the chosen business, if any, fills the wizard in once.
  const existing = useMyReviewOf(business?.id ?? preselected.data?.id);
  const editing = existing.data ?? null;
  const loadedFor = useRef<number | null>(null);
  useEffect(() => {
    if ((editing?.id ?? null) === loadedFor.current) return;
    loadedFor.current = editing?.id ?? null;
    setDraft(editing ? pick(editing) : EMPTY_DRAFT);
    setGroupIds(editing ? editing.groups.map((group) => group.id) : []);
    setKept(editing?.photos ?? []);
    setPhotos([]);
  }, [editing]);
  // Held or removed: the moderators decide first (the API answers 404 to an edit).
  const locked = moderationNotice(editing?.moderation?.status);

  const myGroups = useMyGroups();
  // Groups the review is shared with stay choosable, even one its author has left since.
  const groups = useMemo<StepGroup[]>(() => {
    const mine = myGroups.data ?? [];
    const others = (editing?.groups ?? [])
      .filter((group) => !mine.some((own) => own.id === group.id))
      .map((group) => ({ ...group, color: '#009688' }));
    return [...mine, ...others];
  }, [myGroups.data, editing]);

  useEffect(() => {
    headingRef.current?.focus();
  }, [step]);

  const submit = useSubmitReview(editing);

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
    if (!message && business) submit.mutate({ business, draft, groupIds, photos, kept });
  };

  if (businessId && (preselected.isLoading || existing.isLoading)) {
    return <Spinner label="Loading business…" />;
  }

  const submitDisabled =
    submit.isPending ||
    groups.length === 0 ||
    !business ||
    groupIds.length === 0 ||
    Boolean(locked);
  const idle = editing ? 'Update Review' : 'Submit Review';

  return (
    <div className="container-xl py-4">
      <div className="tc-wizard mx-auto">
        <h1 className="h3 mb-1" ref={headingRef} tabIndex={-1}>
          {editing ? 'Edit your review' : 'Write a Review'}
        </h1>
        <p className="text-body-secondary">
          {editing
            ? `You reviewed ${editing.businessName} on ${longDate(editing.createdAt) ?? 'an earlier day'}. Change what you like, then update it.`
            : 'Share your experience with the communities you belong to.'}
        </p>
        <Progress step={step} />
        {locked && (
          <div className="alert alert-warning" role="alert">
            Your review is {locked.toLowerCase()}: it can be changed once a moderator has decided.
          </div>
        )}
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
                <PhotoPicker
                  id={`${ids}-photos`}
                  photos={photos}
                  onChange={setPhotos}
                  kept={kept}
                  onKeptChange={setKept}
                />
              </>
            )}

            {step === 3 && (
              <GroupsStep
                ids={ids}
                groups={{ ...myGroups, data: groups }}
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
                {submit.isPending ? (editing ? 'Updating…' : 'Submitting…') : idle}
              </button>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
