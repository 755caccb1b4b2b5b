import { useId, type ReactNode } from 'react';

/**
 * A labelled, bounded text area with its hint and the server's error (shown invalid, announced):
 * the owner's claim message and reply forms, the appeal's message.
 */
export function TextareaField({
  label,
  value,
  onChange,
  maxLength,
  error,
  hint,
}: {
  label: ReactNode;
  value: string;
  onChange(value: string): void;
  maxLength: number;
  error: string | null;
  hint?: ReactNode;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return (
    <>
      <label htmlFor={id} className="form-label small fw-semibold">
        {label}
      </label>
      <textarea
        id={id}
        className={`form-control form-control-sm ${error ? 'is-invalid' : ''}`}
        rows={3}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={describedBy.join(' ') || undefined}
      />
      {error && (
        <div id={`${id}-error`} className="invalid-feedback" role="alert">
          {error}
        </div>
      )}
      {hint && (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      )}
    </>
  );
}
