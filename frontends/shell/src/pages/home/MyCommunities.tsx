import { EmptyState, joinGroupToasts, UsersIcon, useToast, Link } from '@trustcircle/ui';
import { useAllGroups, useJoinGroup, useMyGroups } from '../../data';
import { FindGroupsEmpty, GroupTile, Panel, PanelBody } from './panels';

const MAX_GROUPS = 3;
export function MyCommunities() {
  const mine = useMyGroups();
  const all = useAllGroups();
  const join = useJoinGroup();
  const toast = useToast();
  const myGroups = mine.data ?? [];
  const joined = new Set(myGroups.map((g) => g.id));
  const suggestions = (all.data ?? []).filter((g) => !joined.has(g.id)).slice(0, MAX_GROUPS);
  const joiningId = join.isPending ? join.variables?.id : undefined;

  return (
    <>
      <Panel
        title="My Communities"
        icon={<UsersIcon size={18} />}
        action={
          <Link to="/groups" className="small">
            View all
          </Link>
        }
      >
        <PanelBody
          query={mine}
          empty={myGroups.length === 0}
          what="your groups"
          emptyState={
            <FindGroupsEmpty
              title="You haven't joined any groups yet"
              hint="Communities shape the reviews you see."
            />
          }
        >
          <ul className="list-unstyled mb-0">
            {myGroups.slice(0, MAX_GROUPS).map((group) => (
              <GroupTile key={group.id} group={group}>
                <span className="badge text-bg-light border">0 new</span>
              </GroupTile>
            ))}
          </ul>
        </PanelBody>
      </Panel>
      <Panel title="Suggested Groups">
        <PanelBody
          query={all}
          empty={suggestions.length === 0}
          what="suggestions"
          emptyState={<EmptyState title="No suggestions available" />}
        >
          <ul className="list-unstyled mb-0">
            {suggestions.map((group) => (
              <GroupTile key={group.id} group={group}>
                <button
                  type="button"
                  className="btn btn-sm btn-primary"
                  disabled={joiningId === group.id}
                  aria-label={`Join ${group.name}`}
                  onClick={() => join.mutate(group, joinGroupToasts(toast, group.name))}
                >
                  {joiningId === group.id ? (
                    <span className="spinner-border spinner-border-sm" aria-hidden="true" />
                  ) : (
                    'Join'
                  )}
                </button>
              </GroupTile>
            ))}
          </ul>
        </PanelBody>
      </Panel>
    </>
  );
}
