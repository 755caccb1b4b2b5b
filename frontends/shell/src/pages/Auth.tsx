import { useId, useState } from 'react';
import { ShieldIcon, Spinner, StarIcon, UsersIcon, Navigate } from '@trustcircle/ui';
import { useSession } from '../session';
import { AuthCard } from './auth/AuthCard';
import { useAfterAuth } from './auth/fields';
import { LoginForm } from './auth/LoginForm';
import { RegisterForm } from './auth/RegisterForm';

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
    <AuthCard
      title={tab === 'login' ? 'Welcome back' : 'Join TrustCircle'}
      lead={
        tab === 'login'
          ? 'Sign in to see reviews from your communities.'
          : 'Create a free account and start sharing trusted reviews.'
      }
      aside={<Promo />}
    >
      <div
        className="nav nav-pills nav-fill tc-tabs mb-4"
        role="tablist"
        aria-label="Sign in or register"
      >
        {tabButton('login', 'Login')}
        {tabButton('register', 'Register')}
      </div>
      <div role="tabpanel" id={`${tabsId}-${tab}-panel`} aria-labelledby={`${tabsId}-${tab}`}>
        {tab === 'login' ? <LoginForm /> : <RegisterForm />}
      </div>
    </AuthCard>
  );
}

function Promo() {
  return (
    <aside className="col-lg-5 d-none d-lg-block" aria-label="Why TrustCircle">
      <div className="tc-auth-promo h-100 rounded-4 p-5 text-white">
        <h2 className="h3 mb-3">Reviews from people like you</h2>
        <p className="mb-4 tc-on-dark-muted">
          Join communities that share your interests and see trust scores shaped by the people whose
          opinion matters to you.
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
  );
}
