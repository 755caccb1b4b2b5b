import { useState, type FormEvent } from 'react';
import { LoginRequestSchema } from '@trustcircle/contracts/users';
import { useFailureToast, useToast, Link, useNavigate } from '@trustcircle/ui';
import { displayName, useLogin } from '../../session';
import { Field, issuesToErrors, useAfterAuth, type Errors } from './fields';

export function LoginForm() {
  const [form, setForm] = useState({ username: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const login = useLogin();
  const toast = useToast();
  const failed = useFailureToast();
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
      onError: failed('Login failed'),
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
      <p className="text-center mt-3 mb-0">
        <Link to="/auth/forgot">Forgot password?</Link>
      </p>
    </form>
  );
}
