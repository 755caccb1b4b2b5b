import { useId, type ReactNode } from 'react';
import { useLocation } from '@trustcircle/ui';

export type Errors = Record<string, string>;

export function issuesToErrors(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The browser's own checks of a new password and its repetition; the policy is the server's. */
export function newPasswordErrors(password: string, confirm: string, key = 'password'): Errors {
  const errors: Errors = {};
  if (password.length < 8) errors[key] = 'Password must be at least 8 characters';
  else if (password.length > 128) errors[key] = 'Password must be at most 128 characters';
  if (confirm !== password) errors.confirm = 'Passwords do not match';
  return errors;
}

const PASSWORD_HINT = '8 to 128 characters; common or easy to guess passwords are refused.';

export function Field({
  label,
  name,
  type = 'text',
  error,
  autoComplete,
  value,
  onChange,
  hint,
}: {
  label: string;
  name: string;
  type?: string;
  error?: string;
  autoComplete?: string;
  value: string;
  onChange(value: string): void;
  hint?: ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        className={`form-control ${error ? 'is-invalid' : ''}`}
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint && (
        <div id={hintId} className="form-text">
          {hint}
        </div>
      )}
      {error && (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </div>
  );
}

/** A new password and its repetition (reset and change password). */
export function NewPasswordFields({
  value,
  errors,
  onChange,
}: {
  value: { password: string; confirm: string };
  errors: Errors;
  onChange(value: { password: string; confirm: string }): void;
}) {
  return (
    <>
      <Field
        label="New password"
        name="new-password"
        type="password"
        autoComplete="new-password"
        value={value.password}
        error={errors.password}
        hint={PASSWORD_HINT}
        onChange={(password) => onChange({ ...value, password })}
      />
      <Field
        label="Confirm new password"
        name="confirm-password"
        type="password"
        autoComplete="new-password"
        value={value.confirm}
        error={errors.confirm}
        onChange={(confirm) => onChange({ ...value, confirm })}
      />
    </>
  );
}

export function useAfterAuth() {
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  return from && from.startsWith('/') && !from.startsWith('/auth') ? from : '/dashboard';
}
