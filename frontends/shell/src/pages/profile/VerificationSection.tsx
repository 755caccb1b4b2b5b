import type { User } from '@trustcircle/contracts';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { VerifyRequestSchema } from '@trustcircle/contracts/users';
import { api, CheckBadgeIcon, longDate, useFailureToast, useToast } from '@trustcircle/ui';
import { useSetSessionUser } from '../../session';

/** Verify later (spec §2 profile): the provider's token, checked by identity. */
export function VerificationSection({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  const [token, setToken] = useState('');
  const [error, setError] = useState<string>();
  const setUser = useSetSessionUser();
  const toast = useToast();
  const failed = useFailureToast();
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
    onError: failed('Verification failed'),
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
