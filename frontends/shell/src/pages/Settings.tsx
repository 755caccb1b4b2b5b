import type { ReactNode } from 'react';
import { useSession } from '../session';
import { ProfileSettingsForm } from './profile/ProfileSettingsForm';
import { DeleteAccountSection } from './settings/DeleteAccountSection';
import { EmailSection } from './settings/EmailSection';
import { ExportSection } from './settings/ExportSection';
import { NotificationsSection } from './settings/NotificationsSection';
import { PasswordSection } from './settings/PasswordSection';
import { SessionsSection } from './settings/SessionsSection';

interface Section {
  id: string;
  title: string;
  lead?: string;
  danger?: boolean;
  body: ReactNode;
}

function SettingsCard({ section }: { section: Section }) {
  const headingId = `settings-${section.id}-title`;
  return (
    <section
      id={section.id}
      aria-labelledby={headingId}
      className={`card shadow-sm tc-settings-card ${section.danger ? 'border-danger-subtle' : 'border-0'}`}
    >
      <div className="card-body p-4">
        <h2 id={headingId} className={`h5 mb-1 ${section.danger ? 'text-danger' : ''}`}>
          {section.title}
        </h2>
        {section.lead && <p className="text-body-secondary small mb-3">{section.lead}</p>}
        <div className={section.lead ? '' : 'mt-3'}>{section.body}</div>
      </div>
    </section>
  );
}

/** `/settings` (issue 19): every part of the account in one place, each in its own card. */
export function SettingsPage() {
  const { user } = useSession();
  if (!user) return null;
  const sections: Section[] = [
    { id: 'profile', title: 'Profile', body: <ProfileSettingsForm user={user} /> },
    {
      id: 'email',
      title: 'Email address',
      lead: 'Where we send confirmation and password reset links. Nobody else sees it.',
      body: <EmailSection user={user} />,
    },
    {
      id: 'password',
      title: 'Password',
      lead: 'Changing it signs out every other device; this one stays signed in.',
      body: <PasswordSection />,
    },
    {
      id: 'sessions',
      title: 'Sessions',
      lead: 'The browsers signed in to your account.',
      body: <SessionsSection />,
    },
    {
      id: 'notifications',
      title: 'Notifications',
      lead: 'What the bell tells you about.',
      body: <NotificationsSection />,
    },
    { id: 'data', title: 'Your data', body: <ExportSection username={user.username} /> },
    { id: 'delete', title: 'Delete account', danger: true, body: <DeleteAccountSection /> },
  ];
  return (
    <div className="container-xl py-4">
      <h1 className="h3 mb-1">Settings</h1>
      <p className="text-body-secondary mb-4">
        Manage your profile, email, password, sessions, notifications and data.
      </p>
      <div className="row g-4">
        <nav className="col-lg-3 d-none d-lg-block" aria-label="Settings sections">
          <div className="card border-0 shadow-sm sticky-top tc-settings-nav">
            <div className="nav nav-pills flex-column p-2">
              {sections.map((section) => (
                <a
                  key={section.id}
                  href={`#${section.id}`}
                  className={`nav-link ${section.danger ? 'text-danger' : ''}`}
                >
                  {section.title}
                </a>
              ))}
            </div>
          </div>
        </nav>
        <div className="col-12 col-lg-9 d-grid gap-4">
          {sections.map((section) => (
            <SettingsCard key={section.id} section={section} />
          ))}
        </div>
      </div>
    </div>
  );
}
