import { Link } from '@trustcircle/ui';
import { Logo } from './Logo';

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="tc-footer mt-auto">
      <div className="container-xl py-5">
        <div className="row g-4">
          <div className="col-12 col-md-5">
            <Link
              to="/"
              className="tc-brand tc-brand-footer d-inline-flex align-items-center gap-2 text-decoration-none"
            >
              <Logo /> <span>TrustCircle</span>
            </Link>
            <p className="mt-3 mb-3 tc-footer-tagline">
              Community-driven reviews from people who share your interests — so every decision is
              backed by voices you can trust.
            </p>
            <p className="small mb-0 tc-footer-muted">
              Social pages and mobile apps are coming soon.
            </p>
          </div>
          <nav className="col-6 col-md-3 offset-md-1" aria-labelledby="footer-about">
            <h2 id="footer-about" className="h6 text-uppercase tc-footer-heading">
              About
            </h2>
            <ul className="list-unstyled tc-footer-links">
              <li>
                <Link to="/about">About Us</Link>
              </li>
              <li>
                <Link to="/how-it-works">How It Works</Link>
              </li>
              <li>
                <Link to="/careers">Careers</Link>
              </li>
              <li>
                <Link to="/press">Press</Link>
              </li>
              <li>
                <Link to="/blog">Blog</Link>
              </li>
            </ul>
          </nav>
          <nav className="col-6 col-md-3" aria-labelledby="footer-support">
            <h2 id="footer-support" className="h6 text-uppercase tc-footer-heading">
              Support
            </h2>
            <ul className="list-unstyled tc-footer-links">
              <li>
                <Link to="/help">Help Center</Link>
              </li>
              <li>
                <Link to="/trust">Trust &amp; Safety</Link>
              </li>
              <li>
                <Link to="/contact">Contact Us</Link>
              </li>
              <li>
                <Link to="/privacy">Privacy Policy</Link>
              </li>
              <li>
                <Link to="/terms">Terms of Service</Link>
              </li>
            </ul>
          </nav>
        </div>
        <hr className="tc-footer-rule" />
        <p className="small mb-0 tc-footer-muted">© {year} TrustCircle. All rights reserved.</p>
      </div>
    </footer>
  );
}
