import { HeroSearchForm, useNavigate } from '@trustcircle/ui';

/** The landing's and home's hero search: to Explore's search. */
export function HeroSearch({ id, large = false }: { id: string; large?: boolean }) {
  const navigate = useNavigate();
  return (
    <HeroSearchForm
      id={id}
      name="search"
      label="Search businesses or products"
      placeholder="Search businesses or products"
      large={large}
      onSearch={(text) => navigate(`/explore?search=${encodeURIComponent(text)}`)}
    />
  );
}
