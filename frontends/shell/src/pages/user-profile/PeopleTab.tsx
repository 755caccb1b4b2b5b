import type { PersonSummary } from '@trustcircle/contracts';
import { EmptyState, Spinner, useWindowedList, WindowFooter } from '@trustcircle/ui';
import { PersonRow } from '@trustcircle/ui/reviews';
import { userPath } from './data';

/** A profile's followers or following, newest follow first, a window of pages at a time. */
export function PeopleTab({
  username,
  list,
  emptyTitle,
}: {
  username: string;
  list: 'followers' | 'following';
  emptyTitle: string;
}) {
  const path = userPath(username, `/${list}`);
  const people = useWindowedList<PersonSummary>([path], path, { pageSize: 20 });
  if (people.isLoading) return <Spinner label={`Loading ${list}…`} />;
  if (people.isError)
    return (
      <p className="text-body-secondary mb-0" role="status">
        We couldn&apos;t load this list right now.
      </p>
    );
  if (people.items.length === 0) return <EmptyState title={emptyTitle} />;
  return (
    <>
      <ul
        className="list-unstyled mb-0 tc-people-list"
        aria-label={list === 'followers' ? 'Followers' : 'Following'}
      >
        {people.items.map((person) => (
          <PersonRow key={person.id} person={person} />
        ))}
      </ul>
      <WindowFooter list={people} singular="person" plural="people" />
    </>
  );
}
