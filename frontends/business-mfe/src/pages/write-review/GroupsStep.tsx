import type { Group } from '@trustcircle/contracts';
import { countLabel, errorText, Spinner, UsersIcon, Link } from '@trustcircle/ui';
import { FieldError } from './parts';

/** A group to share with: one of the user's, or one an edited review is already shared with. */
export type StepGroup = Pick<Group, 'id' | 'name' | 'color'> & { memberCount?: number };

/** Step 3 (spec §2): the user's own groups as checkbox cards, or the way to find some. */
export function GroupsStep({
  ids,
  groups,
  chosen,
  onToggle,
  error,
}: {
  ids: string;
  groups: { isLoading: boolean; isError: boolean; error: unknown; data?: StepGroup[] };
  chosen: number[];
  onToggle(id: number): void;
  error: string | null | undefined;
}) {
  const list = groups.data ?? [];
  return (
    <fieldset>
      <legend className="h5">Share with your groups</legend>
      {groups.isLoading ? (
        <Spinner label="Loading your groups…" />
      ) : groups.isError ? (
        <div className="alert alert-danger" role="alert">
          {errorText(groups.error)}
        </div>
      ) : list.length === 0 ? (
        <div className="text-center py-4 border rounded-3 bg-white">
          <p className="fw-semibold mb-2">You&apos;re not in any groups yet</p>
          <Link to="/groups" className="btn btn-outline-primary btn-sm">
            Find Groups to Join
          </Link>
        </div>
      ) : (
        <div className="row row-cols-1 row-cols-sm-2 g-2">
          {list.map((group) => (
            <div key={group.id} className="col">
              <label className="d-flex align-items-center gap-2 border rounded-3 p-3 bg-white h-100 tc-group-option">
                <input
                  type="checkbox"
                  className="form-check-input mt-0"
                  checked={chosen.includes(group.id)}
                  onChange={() => onToggle(group.id)}
                />
                <span
                  className="tc-group-dot flex-none"
                  style={{ background: group.color || '#009688' }}
                  aria-hidden="true"
                >
                  <UsersIcon size={16} />
                </span>
                <span className="min-w-0">
                  <span className="fw-semibold d-block text-truncate">{group.name}</span>
                  {group.memberCount !== undefined && (
                    <span className="small text-body-secondary">
                      {countLabel(group.memberCount, 'member')}
                    </span>
                  )}
                </span>
              </label>
            </div>
          ))}
        </div>
      )}
      <FieldError id={`${ids}-groups`} message={error} />
    </fieldset>
  );
}
