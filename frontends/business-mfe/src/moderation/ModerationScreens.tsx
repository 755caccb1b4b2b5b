import { NavLink, Outlet, Route, Routes } from 'react-router-dom';
import { isModerator, Spinner, useSessionUser } from '@trustcircle/ui';
import { ModeratorsOnly, NotFound } from './components/common';
import { ModerationLogPage } from './pages/ModerationLog';
import { ModerationQueuePage } from './pages/ModerationQueue';
import './styles.scss';

export interface ModerationRoutesProps {
  /** Where the shell mounted us ("/moderation"); the routes below are relative to it. */
  basePath: string;
}

function ModerationLayout({ basePath }: ModerationRoutesProps) {
  return (
    <div className="container-xl py-4">
      <div className="mb-3">
        <h1 className="h3 mb-1">Moderation</h1>
        <p className="text-body-secondary mb-0">
          Reported and unusual reviews wait here for a decision. Every decision is logged.
        </p>
      </div>
      <nav aria-label="Moderation" className="mb-4">
        <ul className="nav nav-underline tc-tabs">
          <li className="nav-item">
            <NavLink to={basePath} end className="nav-link">
              Queue
            </NavLink>
          </li>
          <li className="nav-item">
            <NavLink to={`${basePath}/log`} className="nav-link">
              Decision log
            </NavLink>
          </li>
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}

/**
 * The moderators' screens (issue 15), a page-level module of the business remote since it
 * owns the review screens (design §7): the shell mounts it at `/moderation/*` for signed-in
 * users; members who are not moderators get "Only moderators can do that", as from the API.
 */
export default function ModerationRoutes({ basePath }: ModerationRoutesProps) {
  const base = basePath.replace(/\/+$/, '');
  const { user, isLoading } = useSessionUser();
  if (isLoading) return <Spinner label="Checking your session…" />;
  if (!isModerator(user)) return <ModeratorsOnly />;
  return (
    <Routes>
      <Route element={<ModerationLayout basePath={base} />}>
        <Route index element={<ModerationQueuePage />} />
        <Route path="log" element={<ModerationLogPage />} />
      </Route>
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
