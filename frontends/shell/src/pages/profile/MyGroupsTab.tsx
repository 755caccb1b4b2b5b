import type { Group } from '@trustcircle/contracts';
import { EmptyState, useFailureToast, useToast, Link } from '@trustcircle/ui';
import { useLeaveGroup } from '../../data';

/** The profile's Communities tab: the user's groups, each with View Group and Leave. */
export function MyGroupsTab({ myGroups }: { myGroups: Group[] }) {
  const leave = useLeaveGroup();
  const toast = useToast();
  const failed = useFailureToast();
  return myGroups.length === 0 ? (
    <EmptyState title="You haven't joined any groups yet">
      <Link to="/groups" className="btn btn-sm btn-outline-primary">
        Find groups
      </Link>
    </EmptyState>
  ) : (
    <div className="row g-3">
      {myGroups.map((g) => (
        <div key={g.id} className="col-12 col-md-6">
          <div className="card h-100 overflow-hidden">
            <div className="tc-group-bar" style={{ background: g.color || '#009688' }} />
            <div className="card-body">
              <h3 className="h6">{g.name}</h3>
              <p className="small text-body-secondary">{g.description}</p>
              <div className="d-flex gap-2">
                <Link to={`/groups?id=${g.id}`} className="btn btn-sm btn-outline-primary">
                  View Group
                </Link>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-secondary"
                  onClick={() =>
                    leave.mutate(g, {
                      onSuccess: () =>
                        toast({
                          title: 'Left group successfully',
                          description: `You've left ${g.name}`,
                        }),
                      onError: failed('Failed to leave group'),
                    })
                  }
                >
                  Leave
                </button>
              </div>
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}
