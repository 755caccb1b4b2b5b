import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '@trustcircle/contracts';
import { api, apiMessage, ApiError } from '@trustcircle/ui';
import { AuthCard, SubmitButton } from './AuthCard';
import { Field } from './fields';

// The API answers the same for any well-formed address; the page does too, so it never tells
// whether an account exists (only a malformed address or the rate limit is shown as an error).
const SENT =
  'If an account uses that address, we have sent it a link to choose a new password. The link works for one hour.';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const request = useMutation({
    mutationFn: (input: { email: string }) =>
      api.post<MessageResponse>('/api/password/forgot', input),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setError('Email is required');
      return;
    }
    setError(undefined);
    request.mutate(
      { email: email.trim() },
      {
        onError: (failure) => {
          // A malformed address or the rate limit is worth saying; anything else gets the usual
          // answer, as a real failure to mail would look the same to the person.
          if (failure instanceof ApiError && (failure.status === 400 || failure.status === 429)) {
            setError(apiMessage(failure));
          }
        },
      },
    );
  };

  const sent = request.isSuccess || (request.isError && !error);

  return (
    <AuthCard
      backToSignIn
      title="Forgot your password?"
      lead="Enter the email address of your account and we will send you a link to choose a new one."
    >
      {sent ? (
        <div className="alert alert-success" role="status">
          {SENT}
        </div>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Request a password reset">
          <Field
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            error={error}
            onChange={setEmail}
          />
          <SubmitButton pending={request.isPending} label="Send reset link" busy="Sending…" />
        </form>
      )}
    </AuthCard>
  );
}
