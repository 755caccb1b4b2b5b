import type { User } from '@trustcircle/contracts';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ProfileUpdateSchema, VerifyRequestSchema } from '@trustcircle/contracts/users';
import {
  api,
  CheckBadgeIcon,
  EmptyState,
  InitialsAvatar,
  levelFromScore,
  longDate,
  profileScore,
  ReviewList,
  useToast,
  VerifiedBadge,
} from '@trustcircle/ui';
import { useLeaveGroup, useMyGroups, useMyReviews } from '../data';
import { displayName, useSession, useSetSessionUser } from '../session';

function joined(createdAt: string): string {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleDateString('en', { month: 'long', year: 'numeric' });
}

function VerificationSection({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  const [token, setToken] = useState('');
  const [error, setError] = useState<string>();
  const setUser = useSetSessionUser();
  const toast = useToast();
  const inputId = useId();
  const verify = useMutation({
    mutationFn: (value: string) => api.post<User>('/api/user/verify', { token: value }),
    onSuccess: (updated) => {
      setUser(updated);
      setOpen(false);
      setToken('');
      toast({
        title: 'Verification complete',
        description: 'You are now a Verified Reviewer.',
        variant: 'success',
      });
    },
    onError: (err) =>
      toast({ title: 'Verification failed', description: err.message, variant: 'destructive' }),
  });

  if (user.isVerified) {
    return (
      <div className="d-flex flex-wrap align-items-center gap-3 p-3 rounded-3 tc-soft">
        <CheckBadgeIcon size={28} className="text-primary-emphasis" />
        <div className="flex-grow-1">
          <div className="fw-semibold">
            Verified <span className="badge text-bg-success ms-1">Active</span>
          </div>
          <div className="small text-body-secondary">Verification id: {user.clearMeId ?? '—'}</div>
          {longDate(user.verifiedAt) && (
            <div className="small text-body-secondary">
              Verified since {longDate(user.verifiedAt)}
            </div>
          )}
        </div>
        <a className="btn btn-sm btn-outline-secondary" href="/help#verification">
          Manage
        </a>
      </div>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = VerifyRequestSchema.safeParse({ token });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    verify.mutate(parsed.data.token);
  };
  return (
    <div className="p-3 rounded-3 tc-soft">
      <div className="d-flex flex-wrap align-items-center gap-3">
        <div className="flex-grow-1">
          <div className="fw-semibold">Not Verified</div>
          <div className="small text-body-secondary">
            Verified reviewers get a badge and weigh more in trust scores.
          </div>
        </div>
        {!open && (
          <button type="button" className="btn btn-sm btn-primary" onClick={() => setOpen(true)}>
            Verify
          </button>
        )}
      </div>
      {open && (
        <form className="mt-3" onSubmit={submit} noValidate>
          <label htmlFor={inputId} className="form-label">
            Verification token
          </label>
          <div className="d-flex gap-2">
            <input
              id={inputId}
              className={`form-control ${error ? 'is-invalid' : ''}`}
              value={token}
              onChange={(e) => setToken(e.target.value)}
              placeholder="CLR-ABC123"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${inputId}-error` : undefined}
            />
            <button type="submit" className="btn btn-primary" disabled={verify.isPending}>
              Verify
            </button>
            <button
              type="button"
              className="btn btn-outline-secondary"
              onClick={() => setOpen(false)}
            >
              Cancel
            </button>
          </div>
          {error && (
            <div id={`${inputId}-error`} className="invalid-feedback d-block">
              {error}
            </div>
          )}
        </form>
      )}
    </div>
  );
}

export function ProfileSettingsForm({ user }: { user: User }) {
  const initial = { name: user.name, email: user.email, bio: user.bio ?? '' };
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const setUser = useSetSessionUser();
  const toast = useToast();
  const ids = { name: useId(), email: useId(), bio: useId() };
  const save = useMutation({
    mutationFn: (body: { name: string; email: string; bio: string | null }) =>
      api.patch<User>('/api/user', body),
    onSuccess: (updated) => {
      setUser(updated);
      toast({
        title: 'Profile updated',
        description: 'Your profile changes have been saved.',
        variant: 'success',
      });
    },
    onError: (error) =>
      toast({ title: 'Update failed', description: error.message, variant: 'destructive' }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { name: form.name, email: form.email, bio: form.bio.trim() ? form.bio : null };
    const parsed = ProfileUpdateSchema.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues)
        next[String(issue.path[0] ?? 'form')] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(body);
  };

  const field = (key: 'name' | 'email', label: string, type: string, autoComplete: string) => (
    <div className="mb-3">
      <label htmlFor={ids[key]} className="form-label">
        {label}
      </label>
      <input
        id={ids[key]}
        type={type}
        autoComplete={autoComplete}
        className={`form-control ${errors[key] ? 'is-invalid' : ''}`}
        value={form[key]}
        onChange={(e) => setForm({ ...form, [key]: e.target.value })}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `${ids[key]}-error` : undefined}
      />
      {errors[key] && (
        <div id={`${ids[key]}-error`} className="invalid-feedback d-block">
          {errors[key]}
        </div>
      )}
    </div>
  );

  return (
    <div className="d-grid gap-4">
      <form onSubmit={submit} noValidate aria-label="Profile settings">
        {field('name', 'Display name', 'text', 'name')}
        {field('email', 'Email', 'email', 'email')}
        <div className="mb-3">
          <label htmlFor={ids.bio} className="form-label">
            Bio
          </label>
          <textarea
            id={ids.bio}
            rows={3}
            className={`form-control ${errors.bio ? 'is-invalid' : ''}`}
            value={form.bio}
            onChange={(e) => setForm({ ...form, bio: e.target.value })}
            placeholder="Tell the community a little about yourself"
          />
          {errors.bio && <div className="invalid-feedback d-block">{errors.bio}</div>}
        </div>
        <div className="d-flex gap-2 justify-content-end">
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={() => {
              setForm(initial);
              setErrors({});
            }}
          >
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save Changes'}
          </button>
        </div>
      </form>
      <section aria-label="Verification">
        <h3 className="h6">Verification</h3>
        <VerificationSection user={user} />
      </section>
    </div>
  );
}

type ProfileTab = 'reviews' | 'communities' | 'settings';

export function ProfilePage() {
  const { user } = useSession();
  const reviews = useMyReviews();
  const groups = useMyGroups();
  const leave = useLeaveGroup();
  const toast = useToast();
  const [tab, setTab] = useState<ProfileTab>('reviews');
  if (!user) return null;
  const myReviews = reviews.data ?? [];
  const myGroups = groups.data ?? [];
  const helpful = myReviews.reduce((sum, r) => sum + (r.helpfulCount ?? 0), 0);
  const level = levelFromScore(profileScore(myReviews.length, myGroups.length, helpful));

  const share = async () => {
    try {
      await navigator.clipboard.writeText(`${window.location.origin}/profile`);
    } catch {
      // no clipboard: still tell the user where the profile is
    }
    toast({ title: 'Link copied', description: 'Your profile link is on your clipboard.' });
  };

  return (
    <div className="container-xl py-4">
      <section className="card border-0 shadow-sm mb-4 overflow-hidden" aria-label="Profile">
        <div className="tc-profile-cover" />
        <div className="card-body p-4">
          <div className="d-flex flex-wrap align-items-end gap-3 tc-profile-head">
            <InitialsAvatar
              name={user.name}
              username={user.username}
              size={88}
              className="tc-avatar-ring"
            />
            <div className="flex-grow-1 min-w-0">
              <h1 className="h3 mb-0 d-flex align-items-center gap-2">
                {displayName(user)}{' '}
                {user.isVerified && <VerifiedBadge size={22} since={user.verifiedAt} />}
              </h1>
              <div className="text-body-secondary small">
                <span className="badge tc-badge-soft me-2">
                  Level {level.level} · {level.title}
                </span>
                {user.email} · Joined {joined(user.createdAt)} · {myReviews.length}{' '}
                {myReviews.length === 1 ? 'review' : 'reviews'}
              </div>
            </div>
            <div className="d-flex gap-2">
              <button type="button" className="btn btn-outline-secondary" onClick={share}>
                Share Profile
              </button>
              <Link to="/write-review" className="btn btn-primary">
                Write Review
              </Link>
            </div>
          </div>
          <div className="mt-4">
            <div className="d-flex justify-content-between small mb-1">
              <span>
                Level {level.level}: {level.title}
              </span>
              <span>{level.progress}%</span>
            </div>
            <div
              className="progress"
              role="progressbar"
              aria-label="Level progress"
              aria-valuenow={level.progress}
              aria-valuemin={0}
              aria-valuemax={100}
            >
              <div className="progress-bar" style={{ width: `${level.progress}%` }} />
            </div>
          </div>
        </div>
      </section>

      <div className="row g-4">
        <div className="col-12 col-lg-4">
          <section className="card border-0 shadow-sm" aria-labelledby="summary-title">
            <div className="card-body p-4">
              <h2 id="summary-title" className="h6">
                About
              </h2>
              <p className={user.bio ? '' : 'text-body-secondary'} data-testid="profile-bio">
                {user.bio || 'No bio yet.'}
              </p>
              <h3 className="h6 mt-3">Achievements</h3>
              <div className="d-flex flex-wrap gap-2 mb-3">
                {myReviews.length >= 5 && (
                  <span className="badge text-bg-warning">Top Reviewer</span>
                )}
                <span
                  className={`badge ${user.isVerified ? 'text-bg-success' : 'text-bg-secondary'}`}
                >
                  {user.isVerified ? 'Verified User' : 'Not Verified'}
                </span>
                {myGroups.length > 0 && <span className="badge tc-badge-soft">Community</span>}
              </div>
              <dl className="row text-center g-0 mb-3">
                <div className="col">
                  <dt className="small text-body-secondary fw-normal">Reviews</dt>
                  <dd className="h5 mb-0">{myReviews.length}</dd>
                </div>
                <div className="col">
                  <dt className="small text-body-secondary fw-normal">Groups</dt>
                  <dd className="h5 mb-0">{myGroups.length}</dd>
                </div>
                <div className="col">
                  <dt className="small text-body-secondary fw-normal">Helpful</dt>
                  <dd className="h5 mb-0">{helpful}</dd>
                </div>
              </dl>
              <button
                type="button"
                className="btn btn-outline-primary w-100 mb-3"
                onClick={() => setTab('settings')}
              >
                Edit Profile
              </button>
              <h3 className="h6">My Communities</h3>
              {myGroups.length === 0 ? (
                <p className="small text-body-secondary mb-0">
                  You haven&apos;t joined any groups yet
                </p>
              ) : (
                <>
                  <ul className="list-unstyled mb-2">
                    {myGroups.slice(0, 3).map((g) => (
                      <li key={g.id}>
                        <Link to={`/groups/${g.id}`}>{g.name}</Link>
                      </li>
                    ))}
                  </ul>
                  <Link to="/groups" className="small">
                    View all {myGroups.length} communities
                  </Link>
                </>
              )}
            </div>
          </section>
        </div>
        <div className="col-12 col-lg-8">
          <div className="nav nav-underline mb-3" role="tablist" aria-label="Profile sections">
            {(['reviews', 'communities', 'settings'] as const).map((key) => (
              <button
                key={key}
                type="button"
                role="tab"
                id={`profile-tab-${key}`}
                aria-controls="profile-panel"
                aria-selected={tab === key}
                className={`nav-link ${tab === key ? 'active' : ''}`}
                onClick={() => setTab(key)}
              >
                {key === 'reviews' ? 'Reviews' : key === 'communities' ? 'Communities' : 'Settings'}
              </button>
            ))}
          </div>
          <div
            id="profile-panel"
            role="tabpanel"
            aria-labelledby={`profile-tab-${tab}`}
            className="card border-0 shadow-sm"
          >
            <div className="card-body p-4">
              {tab === 'reviews' &&
                (reviews.isError ? (
                  <p className="text-body-secondary mb-0">
                    We couldn&apos;t load your reviews right now.
                  </p>
                ) : myReviews.length === 0 ? (
                  <EmptyState
                    title="You haven't written any reviews yet"
                    hint="Share an experience with your communities."
                  >
                    <Link to="/write-review" className="btn btn-sm btn-primary">
                      Write a Review
                    </Link>
                  </EmptyState>
                ) : (
                  <ReviewList reviews={myReviews} />
                ))}
              {tab === 'communities' &&
                (myGroups.length === 0 ? (
                  <EmptyState title="You haven't joined any groups yet">
                    <Link to="/groups" className="btn btn-sm btn-outline-primary">
                      Find groups
                    </Link>
                  </EmptyState>
                ) : (
                  <div className="row g-3">
                    {myGroups.map((g) => (
                      <div key={g.id} className="col-12 col-md-6">
                        <div className="card h-100 overflow-hidden">
                          <div
                            className="tc-group-bar"
                            style={{ background: g.color || '#009688' }}
                          />
                          <div className="card-body">
                            <h3 className="h6">{g.name}</h3>
                            <p className="small text-body-secondary">{g.description}</p>
                            <div className="d-flex gap-2">
                              <Link
                                to={`/groups?id=${g.id}`}
                                className="btn btn-sm btn-outline-primary"
                              >
                                View Group
                              </Link>
                              <button
                                type="button"
                                className="btn btn-sm btn-outline-secondary"
                                onClick={() =>
                                  leave.mutate(g, {
                                    onSuccess: () =>
                                      toast({
                                        title: 'Left group successfully',
                                        description: `You've left ${g.name}`,
                                      }),
                                    onError: (e) =>
                                      toast({
                                        title: 'Failed to leave group',
                                        description: e.message,
                                        variant: 'destructive',
                                      }),
                                  })
                                }
                              >
                                Leave
                              </button>
                            </div>
                          </div>
                        </div>
                      </div>
                    ))}
                  </div>
                ))}
              {tab === 'settings' && <ProfileSettingsForm user={user} />}
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}

export function SettingsPage() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="container py-4 tc-narrow">
      <h1 className="h3 mb-1">Settings</h1>
      <p className="text-body-secondary mb-4">Manage your profile and verification.</p>
      <div className="card border-0 shadow-sm">
        <div className="card-body p-4">
          <ProfileSettingsForm user={user} />
        </div>
      </div>
    </div>
  );
}
