import type { ReactNode } from 'react';
import { Link } from '@trustcircle/ui';
import { HowItWorksSteps } from './Landing';
import { SAMPLE_COMMUNITIES } from './landing/content';
import type { StaticPath } from './static-paths';

export interface StaticPageDef {
  title: string;
  lead: string;
  body: ReactNode;
}

export const STATIC_PAGES: Record<StaticPath, StaticPageDef> = {
  '/how-it-works': {
    title: 'How TrustCircle works',
    lead: 'Reviews become more useful when you know who wrote them.',
    body: (
      <>
        <HowItWorksSteps />
        <p className="mt-4">
          Every review is shared with one or more communities. A business gets a global trust score
          from all its reviews, and a score for each community — so you can see what people like you
          think. <Link to="/trust">Learn how trust scores work</Link>.
        </p>
      </>
    ),
  },
  '/trust': {
    title: 'Trust & Safety: how trust scores work',
    lead: 'A trust score is a weighted average of star ratings, from 0 to 5, designed to resist noise and manipulation.',
    body: (
      <>
        <h2 className="h5">What counts more</h2>
        <ul>
          <li>
            <strong>Verified reviewers</strong> count 1.5 times as much as unverified ones.
          </li>
          <li>
            <strong>Helpful reviews</strong> count more: the weight grows with the logarithm of the
            helpful votes (1 + log₁₀(1 + votes)), so a few votes matter and a pile-on cannot
            dominate.
          </li>
          <li>
            <strong>Recent reviews</strong> count more: a review&apos;s weight halves every 180
            days, measured from the business&apos;s newest review.
          </li>
        </ul>
        <h2 className="h5">What counts less</h2>
        <ul>
          <li>
            <strong>Reviews from new accounts</strong> count half: an account younger than 7 days
            when the review was written. New accounts are cheap to make; established ones are not.
          </li>
          <li>
            <strong>Reviews under moderation</strong> do not count at all while they are hidden
            pending review, and removed reviews never count again.
          </li>
        </ul>
        <h2 className="h5">Reports and moderation</h2>
        <p>
          Any report puts a review in front of our moderators; the review stays up meanwhile. A
          report weighs by its reporter&apos;s standing: 1 for a verified member, 0.5 for an account
          at least 7 days old, 0.2 for a newer one whose email address is confirmed, 0.1 for a newer
          one without, and less for members whose earlier reports moderators rejected. When the open
          reports on a review weigh 1 or more, it is hidden pending review until a moderator keeps
          or removes it, so a handful of fresh accounts cannot silence an honest review. Authors see
          the decision and its reason under My Reviews and may appeal once.
        </p>
        <p>
          When a business suddenly gets far more reviews than usual (at least 10 in a day and over
          five times its daily average of the month before), its page shows &quot;Unusual review
          activity&quot; and moderators look at those reviews.
        </p>
        <h2 className="h5">A careful starting point</h2>
        <p>
          Each score starts from a neutral prior of 3.5 stars worth 3 reviews. A business with one
          glowing review is not instantly a 5; the score moves towards its real reviews as they add
          up. A business with no reviews shows 0.
        </p>
        <h2 className="h5">Community scores</h2>
        <p>
          A community&apos;s score uses the same weights over the reviews shared with that
          community, starting from the business&apos;s global score (worth 2 reviews). The community
          rating is the percentage of reviews rated 4 stars or more.
        </p>
        <h2 className="h5">Colours</h2>
        <p className="mb-0">
          Trust bars are green from 4.5, amber from 4, orange from 3 and red below that. One vote
          per member per review; every score updates within moments of a new review.
        </p>
      </>
    ),
  },
  '/help': {
    title: 'Help Center',
    lead: 'Answers to the questions members ask most.',
    body: (
      <>
        <h2 className="h5">How do I write a review?</h2>
        <p>
          Choose <Link to="/write-review">Write a Review</Link>, pick the business, rate it, and
          share it with at least one of your groups.
        </p>
        <h2 className="h5" id="verification">
          How do I become a verified reviewer?
        </h2>
        <p>
          Tick &quot;Become a verified reviewer&quot; when you register, or open Settings later and
          choose Verify. You need a token from our identity-verification partner.
        </p>
        <h2 className="h5">Why can&apos;t I vote on my own review?</h2>
        <p className="mb-0">
          Helpful votes are for other members&apos; reviews: one vote per member per review.
        </p>
      </>
    ),
  },
  '/privacy': {
    title: 'Privacy Policy',
    lead: 'We collect only what TrustCircle needs to work, and we never sell your data.',
    body: (
      <>
        <p>
          We store your account details (username, name, email, optional bio), the reviews and votes
          you publish, and the groups you join. Your password is stored only as a strong one-way
          hash.
        </p>
        <p>
          A single session cookie keeps you signed in; we use no advertising trackers. Reviews you
          publish are visible to other members. You can change your profile at any time in Settings,
          and ask us to delete your account through <Link to="/contact">Contact</Link>.
        </p>
      </>
    ),
  },
  '/terms': {
    title: 'Terms of Service',
    lead: 'The short version: be honest, be kind, and review real experiences.',
    body: (
      <>
        <p>
          By using TrustCircle you agree to post only genuine reviews of businesses you have dealt
          with, not to review a business you own or are paid by, and not to harass other members.
        </p>
        <p className="mb-0">
          We may remove content that breaks these rules. Reviews reflect their authors&apos;
          opinions, not TrustCircle&apos;s.
        </p>
      </>
    ),
  },
  '/contact': {
    title: 'Contact us',
    lead: 'We read every message and usually reply within two working days.',
    body: (
      <>
        <p>
          Support: <a href="mailto:support@trustcircle.example">support@trustcircle.example</a>
        </p>
        <p>
          Press: <a href="mailto:press@trustcircle.example">press@trustcircle.example</a>
        </p>
        <p className="mb-0">To report a review, open its menu and choose Report.</p>
      </>
    ),
  },
  '/careers': {
    title: 'Careers',
    lead: 'Help us build the most trustworthy place to find a business.',
    body: (
      <p className="mb-0">
        We are a small, remote-friendly team. We have no open positions right now, but we love
        hearing from engineers, designers and community managers:{' '}
        <a href="mailto:jobs@trustcircle.example">jobs@trustcircle.example</a>.
      </p>
    ),
  },
  '/press': {
    title: 'Press',
    lead: 'TrustCircle in numbers: 10,000+ members, 50,000+ reviews, 500+ communities.',
    body: (
      <p className="mb-0">
        For interviews, logos and figures write to{' '}
        <a href="mailto:press@trustcircle.example">press@trustcircle.example</a>.
      </p>
    ),
  },
  '/blog': {
    title: 'Blog',
    lead: 'News and stories from the TrustCircle community.',
    body: (
      <article>
        <h2 className="h5">Why community reviews beat star averages</h2>
        <p className="mb-0">
          A five-star average hides who is rating. TrustCircle shows you how people who share your
          interests rate a business — and weighs verified, helpful and recent reviews more.{' '}
          <Link to="/trust">Read how trust scores work</Link>.
        </p>
      </article>
    ),
  },
};

function PageShell({
  title,
  lead,
  children,
}: {
  title: string;
  lead: string;
  children: ReactNode;
}) {
  return (
    <div className="container py-4 py-md-5 tc-narrow">
      <h1 className="h2">{title}</h1>
      <p className="lead text-body-secondary mb-4">{lead}</p>
      <div className="card border-0 shadow-sm">
        <div className="card-body p-4 p-md-5 tc-prose">{children}</div>
      </div>
    </div>
  );
}

export function StaticPage({ path }: { path: StaticPath }) {
  const page = STATIC_PAGES[path];
  return (
    <PageShell title={page.title} lead={page.lead}>
      {page.body}
    </PageShell>
  );
}

export function AboutPage() {
  return (
    <PageShell
      title="About TrustCircle"
      lead="Our mission: make every review trustworthy by putting communities at the heart of it."
    >
      <p>
        Anonymous star averages tell you little. TrustCircle lets people join communities that share
        their interests, review businesses for those communities, and see trust scores shaped by
        people like them.
      </p>
      <h2 className="h4 mt-4 mb-3">How it works</h2>
      <HowItWorksSteps />
      <h2 className="h4 mt-5 mb-3">Featured communities</h2>
      <ul className="list-unstyled row g-3">
        {SAMPLE_COMMUNITIES.slice(0, 3).map((group) => (
          <li key={group.name} className="col-12 col-md-4">
            <div className="p-3 rounded-3 tc-soft h-100">
              <div className="fw-semibold">{group.name}</div>
              <div className="small text-body-secondary">{group.text}</div>
            </div>
          </li>
        ))}
      </ul>
      <div className="d-flex flex-wrap gap-2 mt-4">
        <Link to="/explore" className="btn btn-primary">
          Explore businesses
        </Link>
        <Link to="/groups" className="btn btn-outline-primary">
          Browse groups
        </Link>
        <Link to="/auth" className="btn btn-outline-secondary">
          Join TrustCircle
        </Link>
      </div>
    </PageShell>
  );
}
