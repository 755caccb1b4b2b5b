import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@trustcircle/contracts';
import {
  api,
  apiMessage,
  SESSION_QUERY_KEY,
  useToast,
  Link,
  useNavigate,
  useSearchParams,
} from '@trustcircle/ui';
import { AuthCard, SubmitButton } from './AuthCard';
import { NewPasswordFields, newPasswordErrors, type Errors } from './fields';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [form, setForm] = useState({ password: '', confirm: '' });
  const [errors, setErrors] = useState<Errors>({});
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const reset = useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      api.post<MessageResponse>('/api/password/reset', input),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = newPasswordErrors(form.password, form.confirm);
    setErrors(next);
    if (Object.keys(next).length) return;
    reset.mutate(
      { token, password: form.password },
      {
        onSuccess: (answer) => {
          // Every session of the account has ended, this browser's too.
          queryClient.setQueryData(SESSION_QUERY_KEY, null);
          toast({ title: 'Password changed', description: answer.message, variant: 'success' });
          navigate('/auth', { replace: true });
        },
        onError: (failure) => {
          const message = apiMessage(failure);
          // The policy's reason goes under the field, verbatim; a dead link above the form.
          if (/link/i.test(message)) setErrors({ form: message });
          else setErrors({ password: message });
        },
      },
    );
  };

  if (!token) {
    return (
      <AuthCard title="Choose a new password">
        <div className="alert alert-warning" role="alert">
          This link is incomplete. Open the link from the email again, or ask for a new one.
        </div>
        <Link to="/auth/forgot">Ask for a new link</Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      backToSignIn
      title="Choose a new password"
      lead="Pick a password you do not use anywhere else. Every device signed in to your account will be signed out."
    >
      {errors.form && (
        <div className="alert alert-danger" role="alert">
          {errors.form} <Link to="/auth/forgot">Ask for a new link</Link>
        </div>
      )}
      <form onSubmit={submit} noValidate aria-label="Choose a new password">
        <NewPasswordFields
          value={form}
          errors={errors}
          onChange={(next) => setForm({ ...form, ...next })}
        />
        <SubmitButton pending={reset.isPending} label="Set new password" busy="Saving…" />
      </form>
    </AuthCard>
  );
}
