import type { BusinessSummary, Review } from '@trustcircle/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { CreateReviewRequestSchema } from '@trustcircle/contracts/reviews';
import {
  api,
  CloseIcon,
  errorText,
  SearchIcon,
  Spinner,
  StarInput,
  UsersIcon,
  useToast,
} from '@trustcircle/ui';
import { CategoryIcon } from '../components/CategoryIcon';
import {
  businessesPath,
  invalidateAfterWrite,
  uploadPhotos,
  useBusiness,
  useMyGroups,
} from '../data';
import { stepPercent } from '../logic';
import { ACCEPT_ATTRIBUTE, filterPhotos, previewOf } from '../photos';

export const STEPS = 3;
export const MIN_SEARCH = 3; // "more than 2 characters" (spec §5)

type Step = 1 | 2 | 3;
type ContentTab = 'review' | 'pros' | 'cons';

interface Photo {
  file: File;
  preview: string;
}

/** The first message the contract's schema gives for one field, or null when it passes. */
function check<K extends keyof typeof CreateReviewRequestSchema.shape>(field: K, value: unknown) {
  const result = CreateReviewRequestSchema.shape[field].safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid value');
}

function Progress({ step }: { step: Step }) {
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

function FieldError({ id, message }: { id: string; message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div id={id} className="invalid-feedback d-block" role="alert">
      {message}
    </div>
  );
}

function BusinessThumb({
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

function SelectBusiness({
  selected,
  onSelect,
}: {
  selected: BusinessSummary | null;
  onSelect(business: BusinessSummary): void;
}) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const path = businessesPath({ search: query });
  const results = useQuery({
    queryKey: [path],
    queryFn: () => api.get<BusinessSummary[]>(path),
    enabled: query.length >= MIN_SEARCH,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    setTooShort(value.length < MIN_SEARCH);
    setQuery(value.length >= MIN_SEARCH ? value : '');
  };
  const list = results.data ?? [];

  return (
    <div>
      <h2 className="h5">Which business are you reviewing?</h2>
      <form role="search" onSubmit={submit} className="mb-3">
        <label htmlFor="business-search" className="form-label">
          Search for a business
        </label>
        <div className="input-group">
          <input
            id="business-search"
            type="search"
            className="form-control"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="Business name, e.g. Luigi's Trattoria"
            aria-describedby="business-search-hint"
            autoComplete="off"
          />
          <button type="submit" className="btn btn-primary d-inline-flex align-items-center gap-1">
            <SearchIcon size={16} /> Search
          </button>
        </div>
        <div id="business-search-hint" className={`form-text ${tooShort ? 'text-danger' : ''}`}>
          Type more than 2 characters, then press Enter or Search.
        </div>
      </form>

      {query.length >= MIN_SEARCH &&
        (results.isLoading ? (
          <Spinner label="Searching…" />
        ) : results.isError ? (
          <div className="alert alert-danger" role="alert">
            {errorText(results.error)}
          </div>
        ) : list.length === 0 ? (
          <div className="text-center py-4 border rounded-3 bg-white">
            <p className="fw-semibold mb-1">No businesses found</p>
            <p className="small text-body-secondary">Can&apos;t find it? Add it to TrustCircle.</p>
            <Link to="/business/new" className="btn btn-outline-primary btn-sm">
              Add New Business
            </Link>
          </div>
        ) : (
          <>
            <p className="small text-body-secondary" aria-live="polite">
              {list.length} {list.length === 1 ? 'business' : 'businesses'} found
            </p>
            <ul className="list-unstyled d-grid gap-2" aria-label="Search results">
              {list.map((business) => {
                const isSelected = selected?.id === business.id;
                return (
                  <li key={business.id}>
                    <button
                      type="button"
                      className={`btn w-100 text-start border bg-white d-flex align-items-center gap-3 p-2 tc-result-option ${isSelected ? 'is-selected' : ''}`}
                      aria-pressed={isSelected}
                      onClick={() => onSelect(business)}
                    >
                      <BusinessThumb business={business} />
                      <span className="min-w-0">
                        <span className="fw-semibold d-block text-truncate">{business.name}</span>
                        <span className="small text-body-secondary">{business.category}</span>
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
            <p className="small text-body-secondary mb-0">
              Not in the list? <Link to="/business/new">Add New Business</Link>
            </p>
          </>
        ))}
    </div>
  );
}

/** Spec §2 / §4: the 3-step review wizard (business → rating and content → groups). */
export function WriteReviewPage() {
  const { businessId } = useParams();
  const navigate = useNavigate();
  const notify = useToast();
  const client = useQueryClient();
  const ids = useId();

  const [step, setStep] = useState<Step>(1);
  const [business, setBusiness] = useState<BusinessSummary | null>(null);
  const [rating, setRating] = useState(0);
  const [content, setContent] = useState('');
  const [pros, setPros] = useState('');
  const [cons, setCons] = useState('');
  const [tab, setTab] = useState<ContentTab>('review');
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [groupIds, setGroupIds] = useState<number[]>([]);
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const fileInput = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

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
        rating,
        content,
        groupIds,
        photos: uploaded.map((photo) => photo.url),
        pros,
        cons,
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

  const next = () => {
    if (step === 1) {
      const message = check('businessId', business?.id);
      setErrors({ businessId: message });
      if (!message) setStep(2);
    } else if (step === 2) {
      const found = { rating: check('rating', rating), content: check('content', content) };
      setErrors(found);
      if (!found.rating && !found.content) setStep(3);
    }
  };
  const back = () => {
    setErrors({});
    setStep((current) => (current > 1 ? ((current - 1) as Step) : current));
  };

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (chosen.length === 0) return;
    const valid = await filterPhotos(chosen);
    if (valid.length === 0) {
      notify({
        title: 'Invalid files',
        description: 'Please select images under 5MB in JPG, PNG, or WebP format.',
        variant: 'destructive',
      });
      return;
    }
    const added = await Promise.all(
      valid.map(async (file) => ({ file, preview: await previewOf(file) })),
    );
    setPhotos((current) => [...current, ...added]);
  };

  const onSubmit = () => {
    const message = check('groupIds', groupIds);
    setErrors({ groupIds: message });
    if (!message && business) submit.mutate();
  };

  if (businessId && preselected.isLoading) return <Spinner label="Loading business…" />;

  const submitDisabled =
    submit.isPending || groups.length === 0 || !business || groupIds.length === 0;
  const contentTabs: Array<{ key: ContentTab; label: string }> = [
    { key: 'review', label: 'Full Review' },
    { key: 'pros', label: 'Pros' },
    { key: 'cons', label: 'Cons' },
  ];

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
                <StarInput
                  value={rating}
                  onChange={(value) => {
                    setRating(value);
                    setErrors((e) => ({ ...e, rating: null }));
                  }}
                  label="Your rating"
                />
                <FieldError id={`${ids}-rating`} message={errors.rating} />

                <div
                  className="nav nav-underline tc-tabs mt-4 mb-3"
                  role="tablist"
                  aria-label="Review text"
                >
                  {contentTabs.map((entry) => (
                    <button
                      key={entry.key}
                      type="button"
                      role="tab"
                      id={`${ids}-${entry.key}-tab`}
                      aria-controls={`${ids}-${entry.key}`}
                      aria-selected={tab === entry.key}
                      className={`nav-link ${tab === entry.key ? 'active' : ''}`}
                      onClick={() => setTab(entry.key)}
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
                    value={content}
                    onChange={(event) => {
                      setContent(event.target.value);
                      setErrors((e) => ({ ...e, content: null }));
                    }}
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
                    value={pros}
                    onChange={(event) => setPros(event.target.value)}
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
                    value={cons}
                    onChange={(event) => setCons(event.target.value)}
                    placeholder={'Busy at lunchtime'}
                  />
                </div>

                <div className="mt-4">
                  <label htmlFor={`${ids}-photos`} className="form-label">
                    Photos (optional)
                  </label>
                  <input
                    ref={fileInput}
                    id={`${ids}-photos`}
                    type="file"
                    className="form-control"
                    accept={ACCEPT_ATTRIBUTE}
                    multiple
                    onChange={onFiles}
                    aria-describedby={`${ids}-photos-hint`}
                  />
                  <div id={`${ids}-photos-hint`} className="form-text">
                    JPG, PNG or WebP, up to 5 MB each.
                  </div>
                  {photos.length > 0 && (
                    <ul
                      className="tc-photo-previews list-unstyled mt-2 mb-0"
                      aria-label="Chosen photos"
                    >
                      {photos.map((photo, index) => (
                        <li key={`${photo.file.name}-${index}`} className="position-relative">
                          <img
                            src={photo.preview}
                            alt={`Chosen photo ${index + 1}: ${photo.file.name}`}
                          />
                          <button
                            type="button"
                            className="btn btn-sm btn-light position-absolute top-0 end-0 m-1 tc-icon-btn"
                            aria-label={`Remove ${photo.file.name}`}
                            onClick={() =>
                              setPhotos((current) => current.filter((_, i) => i !== index))
                            }
                          >
                            <CloseIcon size={14} />
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              </>
            )}

            {step === 3 && (
              <fieldset>
                <legend className="h5">Share with your groups</legend>
                {myGroups.isLoading ? (
                  <Spinner label="Loading your groups…" />
                ) : myGroups.isError ? (
                  <div className="alert alert-danger" role="alert">
                    {errorText(myGroups.error)}
                  </div>
                ) : groups.length === 0 ? (
                  <div className="text-center py-4 border rounded-3 bg-white">
                    <p className="fw-semibold mb-2">You&apos;re not in any groups yet</p>
                    <Link to="/groups" className="btn btn-outline-primary btn-sm">
                      Find Groups to Join
                    </Link>
                  </div>
                ) : (
                  <div className="row row-cols-1 row-cols-sm-2 g-2">
                    {groups.map((group) => {
                      const checked = groupIds.includes(group.id);
                      return (
                        <div key={group.id} className="col">
                          <label className="d-flex align-items-center gap-2 border rounded-3 p-3 bg-white h-100 tc-group-option">
                            <input
                              type="checkbox"
                              className="form-check-input mt-0"
                              checked={checked}
                              onChange={() => {
                                setErrors({});
                                setGroupIds((current) =>
                                  checked
                                    ? current.filter((id) => id !== group.id)
                                    : [...current, group.id],
                                );
                              }}
                            />
                            <span
                              className="tc-group-dot flex-none"
                              style={{ background: group.color || '#009688' }}
                              aria-hidden="true"
                            >
                              <UsersIcon size={16} />
                            </span>
                            <span className="min-w-0">
                              <span className="fw-semibold d-block text-truncate">
                                {group.name}
                              </span>
                              <span className="small text-body-secondary">
                                {group.memberCount ?? 0} members
                              </span>
                            </span>
                          </label>
                        </div>
                      );
                    })}
                  </div>
                )}
                <FieldError id={`${ids}-groups`} message={errors.groupIds} />
              </fieldset>
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
