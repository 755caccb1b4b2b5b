import type { ProfileUpdate, User } from '@trustcircle/contracts';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ProfileUpdateSchema } from '@trustcircle/contracts/users';
import { api, useFailureToast, useToast, Link } from '@trustcircle/ui';
import { useSetSessionUser } from '../../session';
import { VerificationSection } from './VerificationSection';

export function ProfileSettingsForm({ user }: { user: User }) {
  const initial = { name: user.name, bio: user.bio ?? '' };
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const setUser = useSetSessionUser();
  const toast = useToast();
  const failed = useFailureToast();
  const ids = { name: useId(), email: useId(), bio: useId() };
  const save = useMutation({
    mutationFn: (body: ProfileUpdate) => api.patch<User>('/api/user', body),
    onSuccess: (updated) => {
      setUser(updated);
      toast({
        title: 'Profile updated',
        description: 'Your profile changes have been saved.',
        variant: 'success',
      });
    },
    onError: failed('Update failed'),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { name: form.name, bio: form.bio.trim() ? form.bio : null };
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

  const field = (key: 'name', label: string, type: string, autoComplete: string) => (
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
        {/* The address changes only through a link mailed to the new one (Settings › Email). */}
        <div className="mb-3">
          <label htmlFor={ids.email} className="form-label">
            Email
          </label>
          <input
            id={ids.email}
            type="email"
            className="form-control"
            value={user.email}
            readOnly
            aria-describedby={`${ids.email}-hint`}
          />
          <div id={`${ids.email}-hint`} className="form-text">
            <Link to="/settings#email">Change your email address</Link> in Settings.
          </div>
        </div>
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
