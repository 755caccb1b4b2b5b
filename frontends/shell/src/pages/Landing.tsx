import { InitialsAvatar, StarRating, Link } from '@trustcircle/ui';
import { LANDING_HERO } from '@trustcircle/contracts/frontends';
import { HeroSearch } from './HeroSearch';

import { FEATURES, SAMPLE_COMMUNITIES, STATS, TESTIMONIALS } from './landing/content';

export function HowItWorksSteps() {
  const steps = [
    { title: 'Join communities', text: 'Pick the groups that match your interests and lifestyle.' },
    {
      title: 'Read and write reviews',
      text: 'Share experiences with your communities and learn from theirs.',
    },
    {
      title: 'Make better decisions',
      text: 'Use trust scores from people like you to choose with confidence.',
    },
  ];
  return (
    <ol className="row g-4 list-unstyled mb-0">
      {steps.map((step, index) => (
        <li key={step.title} className="col-12 col-md-4">
          <div className="tc-step h-100 p-4 rounded-4 bg-white shadow-sm">
            <span className="tc-step-number" aria-hidden="true">
              {index + 1}
            </span>
            <h3 className="h5 mt-3">{step.title}</h3>
            <p className="text-body-secondary mb-0">{step.text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

export function LandingPage() {
  return (
    <>
      <section className="tc-hero text-white">
        <div className="container-xl py-5">
          <div className="row align-items-center g-4 py-md-4">
            <div className="col-12 col-lg-7">
              <p className="tc-hero-eyebrow mb-3">{LANDING_HERO.eyebrow}</p>
              <h1 className="display-5 fw-bold mb-3">{LANDING_HERO.title}</h1>
              <p className="lead tc-on-dark-muted mb-4">{LANDING_HERO.lead}</p>
              <HeroSearch id="hero-search" large />
              <div className="d-flex flex-wrap gap-2">
                <Link to="/auth" className="btn btn-light btn-lg tc-btn-on-dark">
                  Join TrustCircle
                </Link>
                <Link to="/explore" className="btn btn-outline-light btn-lg">
                  Explore businesses
                </Link>
                <Link to="/groups" className="btn btn-outline-light btn-lg">
                  Browse communities
                </Link>
              </div>
            </div>
            <div className="col-lg-5 d-none d-lg-block">
              <div className="tc-hero-card card border-0 shadow-lg">
                <div className="card-body p-4">
                  <div className="d-flex align-items-center gap-2 mb-2">
                    <InitialsAvatar name="Sarah Johnson" size={40} />
                    <div>
                      <div className="fw-semibold text-body">Sarah Johnson</div>
                      <div className="small text-body-secondary">Foodies United</div>
                    </div>
                  </div>
                  <div className="fw-semibold text-body">The Green Table</div>
                  <StarRating value={4.5} showValue />
                  <p className="small text-body-secondary mt-2 mb-3">
                    “Seasonal menu, friendly staff and the best vegetarian options in town. Our
                    whole group loved it.”
                  </p>
                  <div className="small text-body-secondary mb-1">Community trust score</div>
                  <div className="tc-trust">
                    <div className="tc-trust-track">
                      <div className="tc-trust-fill tc-trust-green tc-w-92" />
                    </div>
                  </div>
                </div>
              </div>
            </div>
          </div>
        </div>
      </section>

      <section aria-label="TrustCircle in numbers" className="tc-stats border-bottom bg-white">
        <div className="container-xl">
          <dl className="row text-center g-0 mb-0 py-4">
            {STATS.map((stat) => (
              <div key={stat.label} className="col-6 col-md-3 py-2">
                <dt className="visually-hidden">{stat.label}</dt>
                <dd className="mb-0">
                  <span className="tc-stat-value d-block">{stat.value}</span>
                  <span className="small text-body-secondary" aria-hidden="true">
                    {stat.label}
                  </span>
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className="container-xl py-5" aria-labelledby="features-title">
        <h2 id="features-title" className="h2 text-center mb-2">
          Why TrustCircle
        </h2>
        <p className="text-center text-body-secondary mb-4">
          Reviews shaped by communities, not anonymous crowds.
        </p>
        <div className="row g-4">
          {FEATURES.map((feature) => (
            <div key={feature.title} className="col-12 col-sm-6 col-lg-3">
              <div className="card h-100 border-0 shadow-sm">
                <div className="card-body p-4">
                  <div className="tc-feature-icon mb-3">{feature.icon}</div>
                  <h3 className="h5">{feature.title}</h3>
                  <p className="text-body-secondary mb-0">{feature.text}</p>
                </div>
              </div>
            </div>
          ))}
        </div>
      </section>

      <section className="container-xl pb-5" aria-labelledby="friends-title">
        <div className="tc-friends rounded-4 p-4 p-md-5">
          <div className="row align-items-center g-4">
            <div className="col-12 col-md-8">
              <h2 id="friends-title" className="h3">
                See what your friends recommend
              </h2>
              <p className="mb-0 text-body-secondary">
                Connect your social account to filter reviews by friends and get notified when they
                review a place you care about. Coming soon to TrustCircle.
              </p>
            </div>
            <div className="col-12 col-md-4 text-md-end">
              <Link to="/auth" className="btn btn-primary btn-lg">
                Create free account
              </Link>
            </div>
          </div>
        </div>
      </section>

      <section className="tc-soft py-5" aria-labelledby="how-title">
        <div className="container-xl">
          <h2 id="how-title" className="h2 text-center mb-4">
            How it works
          </h2>
          <HowItWorksSteps />
        </div>
      </section>

      <section className="container-xl py-5" aria-labelledby="communities-title">
        <div className="d-flex flex-wrap justify-content-between align-items-end gap-2 mb-4">
          <div>
            <h2 id="communities-title" className="h2 mb-1">
              Featured communities
            </h2>
            <p className="text-body-secondary mb-0">A few of the circles our members love.</p>
          </div>
          <Link to="/groups" className="btn btn-outline-primary">
            View all groups
          </Link>
        </div>
        <div className="row g-4">
          {SAMPLE_COMMUNITIES.map((group) => (
            <div key={group.name} className="col-12 col-sm-6 col-lg-3">
              <div className="card h-100 border-0 shadow-sm overflow-hidden">
                <div className={`tc-group-bar ${group.colour}`} />
                <div className="card-body p-4 d-flex flex-column">
                  <h3 className="h5 mb-1">{group.name}</h3>
                  <p className="small text-body-secondary mb-2">{group.members}</p>
                  <p className="text-body-secondary flex-grow-1">{group.text}</p>
                  <Link
                    to="/auth"
                    className="btn btn-outline-primary"
                    aria-label={`Join Group: ${group.name}`}
                  >
                    Join Group
                  </Link>
                </div>
              </div>
            </div>
          ))}
        </div>
      </section>

      <section className="tc-soft py-5" aria-labelledby="testimonials-title">
        <div className="container-xl">
          <h2 id="testimonials-title" className="h2 text-center mb-4">
            What members say
          </h2>
          <div className="row g-4">
            {TESTIMONIALS.map((quote) => (
              <figure key={quote.name} className="col-12 col-md-4 mb-0">
                <div className="card h-100 border-0 shadow-sm">
                  <div className="card-body p-4">
                    <StarRating value={quote.rating} />
                    <blockquote className="mt-3 mb-3">
                      <p className="mb-0">“{quote.text}”</p>
                    </blockquote>
                    <figcaption className="d-flex align-items-center gap-2">
                      <InitialsAvatar name={quote.name} size={36} />
                      <span>
                        <span className="d-block fw-semibold">{quote.name}</span>
                        <span className="small text-body-secondary">{quote.role}</span>
                      </span>
                    </figcaption>
                  </div>
                </div>
              </figure>
            ))}
          </div>
        </div>
      </section>

      <section className="container-xl py-5 text-center" aria-labelledby="cta-title">
        <h2 id="cta-title" className="h2">
          Ready to find businesses you can trust?
        </h2>
        <p className="text-body-secondary mb-4">It&apos;s free, and it takes less than a minute.</p>
        <div className="d-flex flex-wrap gap-2 justify-content-center">
          <Link to="/auth" className="btn btn-primary btn-lg">
            Create free account
          </Link>
          <Link to="/explore" className="btn btn-outline-primary btn-lg">
            Explore businesses
          </Link>
        </div>
      </section>
    </>
  );
}
