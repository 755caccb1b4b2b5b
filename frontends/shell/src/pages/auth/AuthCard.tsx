import type { ReactNode } from 'react';
import { Link } from '@trustcircle/ui';

/** The sign-in page's card, shared with the account recovery pages reached from it or a mail. */
export function AuthCard({
  title,
  lead,
  children,
  aside,
  backToSignIn = false,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  /** Beside the card on large screens (the sign-in page's promotion). */
  aside?: ReactNode;
  backToSignIn?: boolean;
}) {
  return (
    <div className="container-xl py-4 py-md-5">
      <div className="row g-4 align-items-stretch justify-content-center">
        <div className="col-12 col-md-8 col-lg-6">
          <div className="card border-0 shadow-sm">
            <div className="card-body p-4 p-md-5">
              <h1 className="h3 mb-1">{title}</h1>
              {lead && <p className="text-body-secondary mb-4">{lead}</p>}
              {children}
              {backToSignIn && (
                <p className="text-center mt-4 mb-0">
                  <Link to="/auth">Back to sign in</Link>
                </p>
              )}
            </div>
          </div>
        </div>
        {aside}
      </div>
    </div>
  );
}

/** A form's full-width submit button, its label saying when the request is under way. */
export function SubmitButton({
  pending,
  label,
  busy,
}: {
  pending: boolean;
  label: string;
  busy: string;
}) {
  return (
    <button type="submit" className="btn btn-primary w-100" disabled={pending}>
      {pending ? busy : label}
    </button>
  );
}
