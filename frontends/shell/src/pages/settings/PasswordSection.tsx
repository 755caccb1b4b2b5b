import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordRequest, User } from '@trustcircle/contracts';
import { CURRENT_PASSWORD_WRONG } from '@trustcircle/contracts/account';
import { api, apiMessage, ApiError, useToast } from '@trustcircle/ui';
import { useSetSessionUser } from '../../session';
import { Field, NewPasswordFields, newPasswordErrors, type Errors } from '../auth/fields';
import { SESSIONS_KEY } from './SessionsSection';

const EMPTY = { current: '', password: '', confirm: '' };

/** Change password (issue 19): the other sessions end; this one is renewed by the gateway. */
export function PasswordSection() {
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const setUser = useSetSessionUser();
  const queryClient = useQueryClient();
  const toast = useToast();
  const change = useMutation({
    mutationFn: (body: ChangePasswordRequest) => api.post<User>('/api/user/password', body),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = newPasswordErrors(form.password, form.confirm);
    if (!form.current) next.current = 'Current password is required';
    setErrors(next);
    if (Object.keys(next).length) return;
    change.mutate(
      { currentPassword: form.current, newPassword: form.password },
      {
        onSuccess: (user) => {
          setUser(user);
          setForm(EMPTY);
          toast({
            title: 'Password changed',
            description: 'Your other sessions have been signed out.',
            variant: 'success',
          });
          void queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
        },
        onError: (failure) => {
          const message = apiMessage(failure);
          if (message === CURRENT_PASSWORD_WRONG) setErrors({ current: message });
          // The policy's reason belongs under the new password; a limit or outage above the form.
          else if (failure instanceof ApiError && failure.status === 400)
            setErrors({ password: message });
          else setErrors({ form: message });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Change password">
      {errors.form && (
        <div className="alert alert-danger" role="alert">
          {errors.form}
        </div>
      )}
      <Field
        label="Current password"
        name="current-password"
        type="password"
        autoComplete="current-password"
        value={form.current}
        error={errors.current}
        onChange={(current) => setForm({ ...form, current })}
      />
      <NewPasswordFields
        value={form}
        errors={errors}
        onChange={(next) => setForm({ ...form, ...next })}
      />
      <div className="d-flex justify-content-end">
        <button type="submit" className="btn btn-primary" disabled={change.isPending}>
          {change.isPending ? 'Changing…' : 'Change password'}
        </button>
      </div>
    </form>
  );
}
