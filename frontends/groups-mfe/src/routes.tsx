import { lazyPage, Navigate, prefetchWindow } from '@trustcircle/ui';
import type { AppRoute, RemoteRouteTable } from '@trustcircle/ui';
import { BROWSE_GROUPS_PATH } from './paths';
import './styles.scss';

const basePath = '/groups';
// Each page in its own chunk: a first load carries only the page being opened (issue 20). Each
// chunk is named after the routes that show it, so the gateway can hint a page's code with its
// HTML (frontends/page-assets-plugin.js).
const GroupsList = lazyPage(
  () => import(/* webpackChunkName: "page /groups" */ './pages/GroupsList'),
  'GroupsListPage',
);
const GroupDetail = lazyPage(
  () => import(/* webpackChunkName: "page /groups/:id" */ './pages/GroupDetail'),
  'GroupDetailPage',
);
const GroupNotFound = lazyPage(() => import('./pages/GroupDetail'), 'GroupNotFound');

/**
 * The groups remote's pages (spec §2). `/groups/create` opens the list with the Create Group
 * dialog; `/groups?id={id}` (the profile's link) goes to the group.
 */
export const routes: AppRoute[] = [
  {
    path: '/groups',
    access: 'public',
    element: <GroupsList.Page basePath={basePath} />,
    // The list every visitor and member sees starts with the page's code, not after it renders.
    preload: () => {
      prefetchWindow(BROWSE_GROUPS_PATH);
      return GroupsList.preload();
    },
  },
  {
    path: '/groups/create',
    access: 'public',
    element: <Navigate to={basePath} replace state={{ openCreate: true }} />,
  },
  {
    path: '/groups/:id',
    access: 'public',
    element: <GroupDetail.Page basePath={basePath} />,
    preload: GroupDetail.preload,
  },
];

const table: RemoteRouteTable = {
  routes,
  notFound: <GroupNotFound.Page basePath={basePath} />,
};
export default table;
