import { Link } from 'react-router-dom';
import { AlertIcon, ApiError, errorText } from '@trustcircle/ui';

export function NotFound() {
  return (
    <div className="container py-5">
      <div className="card border-0 shadow-sm mx-auto tc-narrow-card">
        <div className="card-body p-4 p-md-5">
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

/** "Error" with the message, or `notFoundTitle` for a 404 (spec §2 business detail). */
export function LoadError({ error, notFoundTitle }: { error: unknown; notFoundTitle: string }) {
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <div className="container py-5">
      <div className="card border-0 shadow-sm mx-auto tc-narrow-card text-center" role="alert">
        <div className="card-body p-4 p-md-5">
          <div className="tc-empty-icon mx-auto mb-3">
            <AlertIcon size={28} />
          </div>
          <h1 className="h4">{missing ? notFoundTitle : 'Error'}</h1>
          {!missing && <p className="text-body-secondary">{errorText(error)}</p>}
          <Link to="/" className="btn btn-primary mt-2">
            Back to Home
          </Link>
        </div>
      </div>
    </div>
  );
}
