import { Link } from 'react-router-dom';

export function NotFoundPage() {
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
