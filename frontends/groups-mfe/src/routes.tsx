import { Navigate } from '@trustcircle/ui';
import type { AppRoute, RemoteRouteTable } from '@trustcircle/ui';
import { GroupDetailPage, GroupNotFound } from './pages/GroupDetail';
import { GroupsListPage } from './pages/GroupsList';
import './styles.scss';

const basePath = '/groups';

/**
 * The groups remote's pages (spec §2). `/groups/create` opens the list with the Create Group
 * dialog; `/groups?id={id}` (the profile's link) goes to the group.
 */
export const routes: AppRoute[] = [
  { path: '/groups', access: 'public', element: <GroupsListPage basePath={basePath} /> },
  {
    path: '/groups/create',
    access: 'public',
    element: <Navigate to={basePath} replace state={{ openCreate: true }} />,
  },
  { path: '/groups/:id', access: 'public', element: <GroupDetailPage basePath={basePath} /> },
];

const table: RemoteRouteTable = {
  routes,
  notFound: <GroupNotFound basePath={basePath} />,
};
export default table;
