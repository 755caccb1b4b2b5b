import type { ReactNode } from 'react';
import { Link } from './router';
import { MODERATORS_ONLY } from '@trustcircle/contracts/constants';
import { ShieldIcon } from './icons';

/** A page-sized notice: icon, title, a few words and the way home. */
export function Notice({
  icon,
  title,
  role,
  children,
}: {
  icon: ReactNode;
  title: string;
  role: 'alert' | 'status';
  children?: ReactNode;
}) {
  return (
    <div className="container py-5">
      <div className="card border-0 shadow-sm mx-auto tc-narrow-card text-center" role={role}>
        <div className="card-body p-4 p-md-5">
          <div className="tc-empty-icon mx-auto mb-3">{icon}</div>
          <h1 className="h4">{title}</h1>
          {children}
          <Link to="/" className="btn btn-primary mt-2">
            Back to Home
          </Link>
        </div>
      </div>
    </div>
  );
}

/** For members who are not moderators (the API answers them 403 with the same words). */
export function ModeratorsOnly() {
  return (
    <Notice icon={<ShieldIcon size={28} />} title={MODERATORS_ONLY} role="status">
      <p className="text-body-secondary">
        The moderation queue is for TrustCircle&apos;s moderators. If you think a review breaks the
        rules, report it from its menu.
      </p>
    </Notice>
  );
}

/**
 * Spec §2's page for any other path, "404 Page Not Found", shared so a remote can answer it for a
 * path it recognises but whose subject does not exist (`/category/Nope`).
 */
export function PageNotFound() {
  return (
    <div className="container py-5">
      <div className="card border-0 shadow-sm mx-auto tc-narrow-card">
        <div className="card-body p-4 p-md-5">
          <p className="tc-eyebrow mb-2">Error 404</p>
          <h1 className="h3">404 Page Not Found</h1>
          <p className="text-body-secondary">Did you forget to add the page to the router?</p>
          <Link to="/" className="btn btn-primary">
            Back to home
          </Link>
        </div>
      </div>
    </div>
  );
}
