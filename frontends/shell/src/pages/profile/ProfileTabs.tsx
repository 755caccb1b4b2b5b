import type { ReactNode } from 'react';

/** A profile's tabs and the card of the chosen one (one's own /profile, anyone's /users/…). */
export function ProfileTabs<K extends string>({
  tabs,
  active,
  onChange,
  children,
}: {
  tabs: ReadonlyArray<{ key: K; label: string }>;
  active: K;
  onChange(key: K): void;
  children: ReactNode;
}) {
  return (
    <>
      <div className="nav nav-underline mb-3" role="tablist" aria-label="Profile sections">
        {tabs.map((item) => (
          <button
            key={item.key}
            type="button"
            role="tab"
            id={`profile-tab-${item.key}`}
            aria-controls="profile-panel"
            aria-selected={active === item.key}
            className={`nav-link ${active === item.key ? 'active' : ''}`}
            onClick={() => onChange(item.key)}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div
        id="profile-panel"
        role="tabpanel"
        aria-labelledby={`profile-tab-${active}`}
        className="card border-0 shadow-sm"
      >
        <div className="card-body p-4">{children}</div>
      </div>
    </>
  );
}
