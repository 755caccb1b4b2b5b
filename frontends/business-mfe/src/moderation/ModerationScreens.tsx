import type { ReactNode } from 'react';
import { NavLink } from '@trustcircle/ui';
import { ClaimsQueuePage } from '../pages/ClaimsQueue';
import { ModerationLogPage } from '../pages/ModerationLog';
import { ModerationQueuePage } from '../pages/ModerationQueue';

/** The moderators' frame (issue 15): title, a few words, the Queue / Decision log tabs. */
function ModerationLayout({ children }: { children: ReactNode }) {
  return (
    <div className="container-xl py-4">
      <div className="mb-3">
        <h1 className="h3 mb-1">Moderation</h1>
        <p className="text-body-secondary mb-0">
          Reported and unusual reviews, and claims of businesses, wait here for a decision.
        </p>
      </div>
      <nav aria-label="Moderation" className="mb-4">
        <ul className="nav nav-underline tc-tabs">
          <li className="nav-item">
            <NavLink to="/moderation" end className="nav-link">
              Queue
            </NavLink>
          </li>
          <li className="nav-item">
            <NavLink to="/moderation/claims" className="nav-link">
              Claims
            </NavLink>
          </li>
          <li className="nav-item">
            <NavLink to="/moderation/log" className="nav-link">
              Decision log
            </NavLink>
          </li>
        </ul>
      </nav>
      {children}
    </div>
  );
}

export default function ModerationQueueScreen() {
  return (
    <ModerationLayout>
      <ModerationQueuePage />
    </ModerationLayout>
  );
}

export function ClaimsQueueScreen() {
  return (
    <ModerationLayout>
      <ClaimsQueuePage />
    </ModerationLayout>
  );
}

export function ModerationLogScreen() {
  return (
    <ModerationLayout>
      <ModerationLogPage />
    </ModerationLayout>
  );
}
