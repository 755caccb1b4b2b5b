import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { LoginRequestSchema, RegistrationFormSchema } from '@trustcircle/contracts/users';
import { ShieldIcon, Spinner, StarIcon, UsersIcon, useToast } from '@trustcircle/ui';
import { displayName, useLogin, useRegister, useSession } from '../session';

type Errors = Record<string, string>;

function issuesToErrors(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  return errors;
}

function Field({
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

function useAfterAuth() {
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  return from && from.startsWith('/') && !from.startsWith('/auth') ? from : '/dashboard';
}

function LoginForm() {
  const [form, setForm] = useState({ username: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const login = useLogin();
  const toast = useToast();
  const navigate = useNavigate();
  const target = useAfterAuth();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = LoginRequestSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    login.mutate(parsed.data, {
      onSuccess: (user) => {
        toast({
          title: 'Login successful',
          description: `Welcome back, ${displayName(user)}!`,
          variant: 'success',
        });
        navigate(target, { replace: true });
      },
      onError: (error) =>
        toast({ title: 'Login failed', description: error.message, variant: 'destructive' }),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Sign in">
      <Field
        label="Username or email"
        name="username"
        autoComplete="username"
        value={form.username}
        error={errors.username}
        onChange={(username) => setForm({ ...form, username })}
      />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={form.password}
        error={errors.password}
        onChange={(password) => setForm({ ...form, password })}
      />
      <button type="submit" className="btn btn-primary w-100" disabled={login.isPending}>
        {login.isPending ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}

const EMPTY_REGISTRATION = {
  username: '',
  email: '',
  name: '',
  password: '',
  confirmPassword: '',
  useClearMe: false,
  clearMeToken: '',
};

function RegisterForm() {
  const [form, setForm] = useState(EMPTY_REGISTRATION);
  const [errors, setErrors] = useState<Errors>({});
  const register = useRegister();
  const toast = useToast();
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
        onError: (error) =>
          toast({
            title: 'Registration failed',
            description: error.message,
            variant: 'destructive',
          }),
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

export function AuthPage() {
  const { user, isLoading } = useSession();
  const target = useAfterAuth();
  const [tab, setTab] = useState<'login' | 'register'>('login');
  const tabsId = useId();
  if (isLoading) return <Spinner />;
  if (user) return <Navigate to={target} replace />;

  const tabButton = (key: 'login' | 'register', label: string) => (
    <button
      type="button"
      role="tab"
      id={`${tabsId}-${key}`}
      aria-selected={tab === key}
      aria-controls={`${tabsId}-${key}-panel`}
      tabIndex={tab === key ? 0 : -1}
      className={`nav-link ${tab === key ? 'active' : ''}`}
      onClick={() => setTab(key)}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
          const next = tab === 'login' ? 'register' : 'login';
          setTab(next);
          document.getElementById(`${tabsId}-${next}`)?.focus();
        }
      }}
    >
      {label}
    </button>
  );

  return (
    <div className="container-xl py-4 py-md-5">
      <div className="row g-4 align-items-stretch justify-content-center">
        <div className="col-12 col-md-8 col-lg-6">
          <div className="card border-0 shadow-sm">
            <div className="card-body p-4 p-md-5">
              <h1 className="h3 mb-1">{tab === 'login' ? 'Welcome back' : 'Join TrustCircle'}</h1>
              <p className="text-body-secondary mb-4">
                {tab === 'login'
                  ? 'Sign in to see reviews from your communities.'
                  : 'Create a free account and start sharing trusted reviews.'}
              </p>
              <div
                className="nav nav-pills nav-fill tc-tabs mb-4"
                role="tablist"
                aria-label="Sign in or register"
              >
                {tabButton('login', 'Login')}
                {tabButton('register', 'Register')}
              </div>
              <div
                role="tabpanel"
                id={`${tabsId}-${tab}-panel`}
                aria-labelledby={`${tabsId}-${tab}`}
              >
                {tab === 'login' ? <LoginForm /> : <RegisterForm />}
              </div>
            </div>
          </div>
        </div>
        <aside className="col-lg-5 d-none d-lg-block" aria-label="Why TrustCircle">
          <div className="tc-auth-promo h-100 rounded-4 p-5 text-white">
            <h2 className="h3 mb-3">Reviews from people like you</h2>
            <p className="mb-4 tc-on-dark-muted">
              Join communities that share your interests and see trust scores shaped by the people
              whose opinion matters to you.
            </p>
            <ul className="list-unstyled d-grid gap-3 mb-0">
              <li className="d-flex gap-3">
                <UsersIcon size={22} /> 500+ communities to join
              </li>
              <li className="d-flex gap-3">
                <ShieldIcon size={22} /> Verified reviewers weigh more
              </li>
              <li className="d-flex gap-3">
                <StarIcon size={22} /> 4.8/5 average member rating
              </li>
            </ul>
          </div>
        </aside>
      </div>
    </div>
  );
}
