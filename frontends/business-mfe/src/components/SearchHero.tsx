import type { ReactNode } from 'react';
import { HeroSearchForm, useNavigate } from '@trustcircle/ui';

/** The hero search of Explore and Search: non-blank text goes to /search?q= (URL-encoded). */
export function SearchHero({
  title,
  subtitle,
  initial,
  children,
}: {
  title: string;
  subtitle?: string;
  initial?: string;
  children?: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <section className="tc-hero text-white">
      <div className="container-xl py-4 py-md-5">
        <h1 className="h2 fw-bold mb-1">{title}</h1>
        {subtitle && <p className="tc-on-dark-muted mb-3">{subtitle}</p>}
        <HeroSearchForm
          id="hero-search"
          name="q"
          label="Search businesses"
          placeholder="Search businesses, categories or services"
          defaultValue={initial}
          onSearch={(text) => navigate(`/search?q=${encodeURIComponent(text)}`)}
        />
        {children}
      </div>
    </section>
  );
}
