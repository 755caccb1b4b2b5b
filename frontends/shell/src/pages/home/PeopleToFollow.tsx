import type { SuggestedPerson } from '@trustcircle/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, countLabel, EmptyState, UsersIcon } from '@trustcircle/ui';
import { FollowSuggestion } from '@trustcircle/ui/reviews';
import { Panel, PanelBody } from './panels';

const PEOPLE_TO_FOLLOW = '/api/reviews/people-to-follow?limit=5';

/**
 * "People to follow" (issue 18): members of my groups who review and whom I do not follow yet.
 * Someone followed here stays listed (as Unfollow) until the page is next loaded, so a click
 * never makes the row jump away.
 */
export function PeopleToFollow() {
  const people = useQuery({
    queryKey: [PEOPLE_TO_FOLLOW],
    queryFn: () => api.get<SuggestedPerson[]>(PEOPLE_TO_FOLLOW),
  });
  const list = people.data ?? [];
  return (
    <Panel title="People to follow" icon={<UsersIcon size={18} />}>
      <PanelBody
        query={people}
        empty={list.length === 0}
        what="people to follow"
        emptyState={
          <EmptyState
            title="No suggestions available"
            hint="Members of your groups who write reviews show up here."
          />
        }
      >
        <ul className="list-unstyled mb-0" data-testid="people-to-follow">
          {list.map((person) => (
            <FollowSuggestion
              key={person.id}
              person={person}
              detail={countLabel(person.reviewCount, 'review')}
            />
          ))}
        </ul>
      </PanelBody>
    </Panel>
  );
}
