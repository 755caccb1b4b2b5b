import { useId, useState, type FormEvent } from 'react';
import { RegistrationFormSchema } from '@trustcircle/contracts/users';
import { useFailureToast, useToast, useNavigate } from '@trustcircle/ui';
import { displayName, useRegister } from '../../session';
import { Field, issuesToErrors, useAfterAuth, type Errors } from './fields';

const EMPTY_REGISTRATION = {
  username: '',
  email: '',
  name: '',
  password: '',
  confirmPassword: '',
  useClearMe: false,
  clearMeToken: '',
};

export function RegisterForm() {
  const [form, setForm] = useState(EMPTY_REGISTRATION);
  const [errors, setErrors] = useState<Errors>({});
  const register = useRegister();
  const toast = useToast();
  const failed = useFailureToast();
  const navigate = useNavigate();
  const target = useAfterAuth();
  const checkboxId = useId();
  const set = (patch: Partial<typeof EMPTY_REGISTRATION>) =>
    setForm((current) => ({ ...current, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = RegistrationFormSchema.safeParse({
      ...form,
      clearMeToken: form.useClearMe ? form.clearMeToken : undefined,
    });
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    const { username, email, name, password, useClearMe, clearMeToken } = parsed.data;
    const token = useClearMe && clearMeToken ? clearMeToken : undefined;
    register.mutate(
      {
        username,
        email,
        name,
        password,
        isVerified: Boolean(token),
        ...(token ? { clearMeId: token } : {}),
      },
      {
        onSuccess: (user) => {
          toast({
            title: 'Registration successful',
            description: `Welcome to TrustCircle, ${displayName(user)}!`,
            variant: 'success',
          });
          navigate(target, { replace: true });
        },
        onError: failed('Registration failed'),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Create account">
      <div className="row g-0 gap-sm-3 flex-column flex-sm-row">
        <div className="col">
          <Field
            label="Username"
            name="username"
            autoComplete="username"
            value={form.username}
            error={errors.username}
            onChange={(username) => set({ username })}
          />
        </div>
        <div className="col">
          <Field
            label="Full name"
            name="name"
            autoComplete="name"
            value={form.name}
            error={errors.name}
            onChange={(name) => set({ name })}
          />
        </div>
      </div>
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={form.email}
        error={errors.email}
        onChange={(email) => set({ email })}
      />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        value={form.password}
        error={errors.password}
        onChange={(password) => set({ password })}
        hint="At least 8 characters."
      />
      <Field
        label="Confirm password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={form.confirmPassword}
        error={errors.confirmPassword}
        onChange={(confirmPassword) => set({ confirmPassword })}
      />

      <div className="tc-verify-box mb-3">
        <div className="form-check">
          <input
            id={checkboxId}
            type="checkbox"
            className="form-check-input"
            checked={form.useClearMe}
            onChange={(event) => set({ useClearMe: event.target.checked })}
          />
          <label className="form-check-label fw-semibold" htmlFor={checkboxId}>
            Become a verified reviewer
          </label>
          <div className="form-text mt-0">
            Verified reviewers get a badge, and their reviews are prioritized and weigh more in
            trust scores.
          </div>
        </div>
        {form.useClearMe && (
          <div className="mt-3">
            <Field
              label="Verification token"
              name="clearMeToken"
              autoComplete="off"
              value={form.clearMeToken}
              error={errors.clearMeToken}
              onChange={(clearMeToken) => set({ clearMeToken })}
              hint="The token from the identity-verification service, e.g. CLR-ABC123."
            />
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              onClick={() => set({ useClearMe: false, clearMeToken: '' })}
            >
              Skip for now
            </button>
          </div>
        )}
      </div>

      <button type="submit" className="btn btn-primary w-100" disabled={register.isPending}>
        {register.isPending ? 'Creating your account…' : 'Create account'}
      </button>
    </form>
  );
}
