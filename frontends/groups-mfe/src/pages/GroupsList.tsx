import type { Group } from '@trustcircle/contracts';
import { Suspense, useEffect, useState } from 'react';
import {
  EmptyState,
  joinGroupToasts,
  PlusIcon,
  SearchIcon,
  ShowEarlier,
  Spinner,
  useFailureToast,
  UsersIcon,
  useSessionUser,
  useToast,
  WindowFooter,
  Navigate,
  useLocation,
  useNavigate,
  useSearchParams,
  lazyPage,
} from '@trustcircle/ui';
import { ButtonSpinner, GroupCard } from '../components';
import { useGroupLists, useListMembership } from '../data';
import { parseGroupId } from '../logic';
import { Tabs } from '../Tabs';

/** The Create Group dialog and zod, which checks its fields: 24 kB brotli the list does without. */
const createDialog = lazyPage(() => import('../CreateGroupDialog'), 'CreateGroupDialog');

type Tab = 'all' | 'mine';

const TAGLINE = process.env.GROUPS_TAGLINE;

/** `/groups` (spec §2): search, Create Group, All Groups and My Groups. */
export function GroupsListPage({ basePath }: { basePath: string }) {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const failed = useFailureToast();
  const { user, isLoading: sessionLoading } = useSessionUser();
  const { join, leave } = useListMembership();
  const [search, setSearch] = useState('');
  const [tab, setTab] = useState<Tab>('all');
  const { all, mine } = useGroupLists(search, Boolean(user));
  const openFromRoute = Boolean((location.state as { openCreate?: boolean } | null)?.openCreate);
  const [creating, setCreating] = useState(false);

  const notJoined = all.items;
  const joined = mine.items;

  // The dialog opens once its code is in: a chunk that cannot load (the network gone) is a
  // toast, and the list stays, instead of failing the whole page into the shell's boundary.
  const openDialog = () =>
    createDialog.preload().then(
      () => setCreating(true),
      () =>
        toast({
          title: "Couldn't open the Create Group form",
          description: 'Check your connection and try again.',
          variant: 'destructive',
        }),
    );
  // `/groups/create` opens the list with the dialog.
  useEffect(() => {
    if (openFromRoute) void openDialog();
  }, [openFromRoute]);

  // The profile's View Group link: /groups?id={id} → /groups/{id}.
  const legacyId = parseGroupId(params.get('id'));
  if (legacyId !== null) return <Navigate to={`${basePath}/${legacyId}`} replace />;

  const toAuth = () =>
    navigate('/auth', { state: { from: `${location.pathname}${location.search}` } });
  const openCreate = () => (user ? void openDialog() : toAuth());

  // The dialog loads as a member reaches for the button (a pointer over it, a touch, focus),
  // not with the list: evaluating zod right after the first render was a 100–300 ms task
  // while the page was still settling (Lighthouse's TBT on /groups).
  const warmDialog = () => {
    if (user) createDialog.preload().catch(() => undefined);
  };
  const createButton = {
    onClick: openCreate,
    onPointerEnter: warmDialog,
    onTouchStart: warmDialog,
    onFocus: warmDialog,
  };
  const closeCreate = () => {
    setCreating(false);
    if (openFromRoute) navigate(basePath, { replace: true, state: null });
  };

  const joinGroup = (group: Group) => {
    if (!user) return toAuth();
    join.mutate(group, joinGroupToasts(toast, group.name));
  };
  const leaveGroup = (group: Group) =>
    leave.mutate(group, {
      onSuccess: () =>
        toast({
          title: 'Left group successfully',
          description: `You've left ${group.name}`,
          variant: 'success',
        }),
      onError: failed('Failed to leave group'),
    });

  const joiningId = join.isPending ? join.variables?.id : undefined;
  const leavingId = leave.isPending ? leave.variables?.id : undefined;
  const searching = search.trim() !== '';

  const listLoading = all.isLoading || (Boolean(user) && mine.isLoading) || sessionLoading;
  const listError = all.error ?? mine.error;

  const grid = (groups: Group[], kind: Tab) => (
    <>
      <ShowEarlier list={kind === 'all' ? all : mine} noun="groups" />
      <div className="row row-cols-1 row-cols-md-2 row-cols-lg-3 g-3" data-testid="group-grid">
        {groups.map((group) => (
          <div className="col" key={group.id}>
            <GroupCard
              group={group}
              basePath={basePath}
              action={
                kind === 'all' ? (
                  <button
                    type="button"
                    className="btn btn-primary w-100"
                    onClick={() => joinGroup(group)}
                    disabled={joiningId === group.id}
                    aria-label={`Join Group ${group.name}`}
                  >
                    {joiningId === group.id && <ButtonSpinner />}
                    {joiningId === group.id ? 'Joining…' : 'Join Group'}
                  </button>
                ) : (
                  <button
                    type="button"
                    className="btn btn-outline-secondary w-100"
                    onClick={() => leaveGroup(group)}
                    disabled={leavingId === group.id}
                    aria-label={`Leave Group ${group.name}`}
                  >
                    {leavingId === group.id && <ButtonSpinner />}
                    {leavingId === group.id ? 'Leaving…' : 'Leave Group'}
                  </button>
                )
              }
            />
          </div>
        ))}
      </div>
      <WindowFooter list={kind === 'all' ? all : mine} singular="group" />
    </>
  );

  return (
    <div className="container py-4 py-md-5 tc-groups">
      <div className="d-flex flex-column flex-md-row align-items-md-end justify-content-between gap-3 mb-4">
        <div>
          <h1 className="h2 mb-1">Groups</h1>
          <p className="text-body-secondary mb-0" data-testid="groups-tagline">
            {TAGLINE}
          </p>
        </div>
        <button type="button" className="btn btn-primary" {...createButton}>
          <PlusIcon /> <span className="ms-1">Create Group</span>
        </button>
      </div>

      <div className="tc-groups-search mb-4" role="search">
        <label htmlFor="tc-groups-search" className="visually-hidden">
          Search groups
        </label>
        <span className="tc-groups-search-icon">
          <SearchIcon />
        </span>
        <input
          id="tc-groups-search"
          type="search"
          className="form-control form-control-lg"
          placeholder="Search groups by name or description"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>

      <Tabs
        id="tc-groups"
        label="Groups"
        className="mb-4"
        tabs={(
          [
            ['all', 'All Groups', all.total ?? notJoined.length],
            ['mine', 'My Groups', mine.total ?? joined.length],
          ] as const
        ).map(([key, label, count]) => ({
          key,
          label: (
            <>
              {label}
              {!listLoading && (
                <span className="badge rounded-pill tc-groups-count ms-2">{count}</span>
              )}
            </>
          ),
        }))}
        selected={tab}
        onSelect={setTab}
      >
        {listLoading ? (
          <Spinner label="Loading groups…" />
        ) : listError ? (
          <div className="card border-0 shadow-sm">
            <EmptyState title="We couldn't load the groups right now" hint={listError.message}>
              <button
                type="button"
                className="btn btn-outline-primary btn-sm"
                onClick={() => {
                  void all.refetch();
                  if (user) void mine.refetch();
                }}
              >
                Try again
              </button>
            </EmptyState>
          </div>
        ) : tab === 'all' ? (
          notJoined.length === 0 ? (
            <div className="card border-0 shadow-sm">
              <EmptyState
                title="No groups found"
                icon={<UsersIcon size={28} />}
                hint={
                  searching
                    ? 'Try a different search term'
                    : 'Create your first group to get started'
                }
              >
                {!searching && (
                  <button type="button" className="btn btn-primary btn-sm" {...createButton}>
                    Create Group
                  </button>
                )}
              </EmptyState>
            </div>
          ) : (
            grid(notJoined, 'all')
          )
        ) : !user ? (
          <div className="card border-0 shadow-sm">
            <EmptyState title="Sign in to see your groups" icon={<UsersIcon size={28} />}>
              <button type="button" className="btn btn-primary btn-sm" onClick={toAuth}>
                Sign in
              </button>
            </EmptyState>
          </div>
        ) : joined.length === 0 ? (
          <div className="card border-0 shadow-sm">
            {searching ? (
              <EmptyState
                title="No groups found"
                hint="Try a different search term"
                icon={<UsersIcon size={28} />}
              />
            ) : (
              <EmptyState
                title="You haven't joined any groups yet"
                hint="Join a group from All Groups, or create your own."
                icon={<UsersIcon size={28} />}
              >
                <button
                  type="button"
                  className="btn btn-outline-primary btn-sm"
                  onClick={() => setTab('all')}
                >
                  Browse all groups
                </button>
              </EmptyState>
            )}
          </div>
        ) : (
          grid(joined, 'mine')
        )}
      </Tabs>

      {creating && (
        <Suspense fallback={null}>
          <createDialog.Page
            onClose={closeCreate}
            onCreated={() => {
              closeCreate();
              setSearch('');
              setTab('mine');
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
