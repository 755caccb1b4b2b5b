import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { ChangeEmailRequest, MessageResponse, User } from '@trustcircle/contracts';
import { EMAIL_UNCHANGED, PASSWORD_WRONG } from '@trustcircle/contracts/email-change';
import { EmailAddressSchema } from '@trustcircle/contracts/users';
import { api, ApiError, apiMessage, longDate, useFailureToast, useToast } from '@trustcircle/ui';
import { Field, type Errors } from '../auth/fields';

/**
 * The address, whether it is confirmed (resend a link), and changing it (issue 19): the new
 * address takes effect only once the link mailed to it is opened.
 */
export function EmailSection({ user }: { user: User }) {
  const toast = useToast();
  const failed = useFailureToast();
  const resend = useMutation({
    mutationFn: () => api.post<MessageResponse>('/api/user/email/confirmation'),
    onSuccess: (answer) =>
      toast({ title: 'Confirmation sent', description: answer.message, variant: 'success' }),
    onError: failed('Could not send the link'),
  });

  return (
    <div className="d-grid gap-4">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <div>
          <div className="fw-semibold text-break" data-testid="current-email">
            {user.email}
          </div>
          <div className="small text-body-secondary">
            {user.emailConfirmedAt
              ? `Confirmed on ${longDate(user.emailConfirmedAt)}`
              : 'Not confirmed yet: open the link we mailed you.'}
          </div>
        </div>
        {user.emailConfirmedAt ? (
          <span className="badge text-bg-success">Confirmed</span>
        ) : (
          <button
            type="button"
            className="btn btn-outline-primary btn-sm"
            disabled={resend.isPending}
            onClick={() => resend.mutate()}
          >
            {resend.isPending ? 'Sending…' : 'Resend confirmation link'}
          </button>
        )}
      </div>
      <ChangeEmailForm current={user.email} />
    </div>
  );
}

function ChangeEmailForm({ current }: { current: string }) {
  const [form, setForm] = useState({ newEmail: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [sent, setSent] = useState<string>();
  const change = useMutation({
    mutationFn: (body: ChangeEmailRequest) => api.post<MessageResponse>('/api/user/email', body),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    const address = EmailAddressSchema.safeParse(form.newEmail);
    if (!address.success) next.newEmail = address.error.issues[0]?.message ?? 'Invalid email';
    else if (address.data.toLowerCase() === current.toLowerCase()) next.newEmail = EMAIL_UNCHANGED;
    if (!form.password) next.password = 'Password is required';
    setErrors(next);
    if (Object.keys(next).length) return;
    change.mutate(
      { newEmail: form.newEmail.trim(), password: form.password },
      {
        onSuccess: (answer) => {
          setSent(answer.message);
          setForm({ newEmail: '', password: '' });
        },
        onError: (failure) => {
          const message = apiMessage(failure);
          if (message === PASSWORD_WRONG) setErrors({ password: message });
          else if (failure instanceof ApiError && failure.status === 400)
            setErrors({ newEmail: message });
          else setErrors({ form: message });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Change email address">
      <h3 className="h6">Change email address</h3>
      {sent && (
        <div className="alert alert-success" role="status">
          {sent}
        </div>
      )}
      {errors.form && (
        <div className="alert alert-danger" role="alert">
          {errors.form}
        </div>
      )}
      <Field
        label="New email address"
        name="new-email"
        type="email"
        autoComplete="email"
        value={form.newEmail}
        error={errors.newEmail}
        onChange={(newEmail) => setForm({ ...form, newEmail })}
      />
      <Field
        label="Your password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={form.password}
        error={errors.password}
        onChange={(password) => setForm({ ...form, password })}
      />
      <div className="d-flex justify-content-end">
        <button type="submit" className="btn btn-primary" disabled={change.isPending}>
          {change.isPending ? 'Sending…' : 'Send confirmation link'}
        </button>
      </div>
    </form>
  );
}
