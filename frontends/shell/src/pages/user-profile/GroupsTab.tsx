import type { Group } from '@trustcircle/contracts';
import { EmptyState, Spinner, useWindowedList, WindowFooter } from '@trustcircle/ui';
import { GroupTile } from '../home/panels';
import { userPath } from './data';

/** The groups a member belongs to (public, like their reviews), a window of pages at a time. */
export function GroupsTab({ username }: { username: string }) {
  const path = userPath(username, '/groups');
  const groups = useWindowedList<Group>([path], path, { pageSize: 20 });
  if (groups.isLoading) return <Spinner label="Loading groups…" />;
  if (groups.isError)
    return (
      <p className="text-body-secondary mb-0" role="status">
        We couldn&apos;t load these groups right now.
      </p>
    );
  if (groups.items.length === 0) return <EmptyState title="Not in any group yet" />;
  return (
    <>
      <ul className="list-unstyled mb-0">
        {groups.items.map((group) => (
          <GroupTile key={group.id} group={group} />
        ))}
      </ul>
      <WindowFooter list={groups} singular="group" />
    </>
  );
}
