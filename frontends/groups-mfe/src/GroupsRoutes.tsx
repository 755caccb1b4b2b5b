import { Navigate, Route, Routes } from 'react-router-dom';
import { GroupDetailPage, GroupNotFound } from './pages/GroupDetail';
import { GroupsListPage } from './pages/GroupsList';
import { ToastFallback } from './toast-fallback';
import './styles.scss';

export interface GroupsRoutesProps {
  /** Where the shell mounted this remote ("/groups"); the routes below are relative to it. */
  basePath?: string;
}

/**
 * `groups/GroupsRoutes`: everything under `/groups/*` (spec §2). `/groups/create` opens the
 * list with the Create Group dialog; `/groups?id={id}` (the profile's link) goes to the group.
 */
export default function GroupsRoutes({ basePath = '/groups' }: GroupsRoutesProps) {
  return (
    <ToastFallback>
      <Routes>
        <Route index element={<GroupsListPage basePath={basePath} />} />
        <Route
          path="create"
          element={<Navigate to={basePath} replace state={{ openCreate: true }} />}
        />
        <Route path=":id" element={<GroupDetailPage basePath={basePath} />} />
        <Route path="*" element={<GroupNotFound basePath={basePath} />} />
      </Routes>
    </ToastFallback>
  );
}
