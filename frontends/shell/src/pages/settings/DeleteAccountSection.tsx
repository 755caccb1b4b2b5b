import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountRequest, MessageResponse } from '@trustcircle/contracts';
import { PASSWORD_WRONG } from '@trustcircle/contracts/email-change';
import { apiMessage, apiRequest, useToast, useNavigate } from '@trustcircle/ui';
import { useLogout } from '../../session';
import { Field, type Errors } from '../auth/fields';

type ReviewChoice = DeleteAccountRequest['reviews'];

const CHOICES: Array<{ value: ReviewChoice; label: string; hint: string }> = [
  {
    value: 'keep',
    label: 'Keep my reviews',
    hint: 'They stay for others to read, by "Former member", without your name.',
  },
  {
    value: 'delete',
    label: 'Delete my reviews',
    hint: 'They and their photos are removed; the businesses’ scores follow.',
  },
];

/** Leave (issue 19): the password proves it is the owner; the choice for the reviews is theirs. */
export function DeleteAccountSection() {
  const [password, setPassword] = useState('');
  const [reviews, setReviews] = useState<ReviewChoice>();
  const [errors, setErrors] = useState<Errors>({});
  const groupId = useId();
  const toast = useToast();
  const navigate = useNavigate();
  const logout = useLogout();
  const remove = useMutation({
    mutationFn: (body: DeleteAccountRequest) =>
      apiRequest<MessageResponse>('DELETE', '/api/user', body),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    if (!reviews) next.reviews = 'Choose whether your reviews are deleted or kept';
    if (!password) next.password = 'Password is required';
    setErrors(next);
    if (!reviews || !password) return;
    remove.mutate(
      { password, reviews },
      {
        onSuccess: (answer) => {
          // Away from the signed-in pages first, so no guard sends this browser to /auth.
          navigate('/', { replace: true });
          logout.clear();
          toast({ title: 'Account deleted', description: answer.message, variant: 'success' });
        },
        onError: (failure) => {
          const message = apiMessage(failure);
          setErrors(message === PASSWORD_WRONG ? { password: message } : { form: message });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Delete account">
      <p className="text-body-secondary">
        Deleting your account signs you out everywhere and removes your profile, memberships and
        helpful votes. It cannot be undone; download your data first if you want a copy.
      </p>
      {errors.form && (
        <div className="alert alert-danger" role="alert">
          {errors.form}
        </div>
      )}
      <fieldset className="mb-3" aria-describedby={errors.reviews ? `${groupId}-error` : undefined}>
        <legend className="form-label fs-6">Your reviews</legend>
        {CHOICES.map((choice) => (
          <div className="form-check mb-2" key={choice.value}>
            <input
              className={`form-check-input ${errors.reviews ? 'is-invalid' : ''}`}
              type="radio"
              name={`${groupId}-reviews`}
              id={`${groupId}-${choice.value}`}
              checked={reviews === choice.value}
              onChange={() => setReviews(choice.value)}
            />
            <label className="form-check-label" htmlFor={`${groupId}-${choice.value}`}>
              {choice.label}
              <span className="d-block small text-body-secondary">{choice.hint}</span>
            </label>
          </div>
        ))}
        {errors.reviews && (
          <div id={`${groupId}-error`} className="invalid-feedback d-block">
            {errors.reviews}
          </div>
        )}
      </fieldset>
      <Field
        label="Your password"
        name="delete-password"
        type="password"
        autoComplete="current-password"
        value={password}
        error={errors.password}
        onChange={setPassword}
      />
      <div className="d-flex justify-content-end">
        <button type="submit" className="btn btn-danger" disabled={remove.isPending}>
          {remove.isPending ? 'Deleting…' : 'Delete my account'}
        </button>
      </div>
    </form>
  );
}
