import type { User } from '@trustcircle/contracts';
import { Fragment, type ReactNode } from 'react';
import {
  InitialsAvatar,
  Link,
  profilePath,
  useToast,
  VerifiedBadge,
  type Level,
} from '@trustcircle/ui';

function joined(createdAt: string): string {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleDateString('en', { month: 'long', year: 'numeric' });
}

/** Whose profile: the signed-in member's own (with e-mail) or anyone's public one. */
export interface ProfilePerson {
  name: string;
  username: string;
  isVerified: boolean;
  verifiedAt?: string | null;
  email?: string;
  joinedAt: string;
}

/**
 * A profile's head: avatar, name, level, join month, the figures given and the level bar. Its
 * actions (Share and Write Review on one's own, Follow on another's) come as `children`.
 */
export function ProfileHeader({
  person,
  level,
  figures,
  children,
}: {
  person: ProfilePerson;
  level: Level;
  /** "3 reviews", "12 followers": each shown after the join month. */
  figures: ReactNode[];
  children?: ReactNode;
}) {
  return (
    <section className="card border-0 shadow-sm mb-4 overflow-hidden" aria-label="Profile">
      <div className="tc-profile-cover" />
      <div className="card-body p-4">
        <div className="d-flex flex-wrap align-items-end gap-3 tc-profile-head">
          <InitialsAvatar
            name={person.name}
            username={person.username}
            size={88}
            className="tc-avatar-ring"
          />
          <div className="flex-grow-1 min-w-0">
            <h1 className="h3 mb-0 d-flex align-items-center gap-2">
              {person.name || person.username}{' '}
              {person.isVerified && <VerifiedBadge size={22} since={person.verifiedAt} />}
            </h1>
            <div className="text-body-secondary small">
              <span className="badge tc-badge-soft me-2">
                Level {level.level} · {level.title}
              </span>
              {[person.email, `Joined ${joined(person.joinedAt)}`, ...figures]
                .filter(Boolean)
                .map((part, i) => (
                  <Fragment key={i}>
                    {i > 0 && ' · '}
                    {part}
                  </Fragment>
                ))}
            </div>
          </div>
          {children && <div className="d-flex gap-2">{children}</div>}
        </div>
        <div className="mt-4">
          <div className="d-flex justify-content-between small mb-1">
            <span>
              Level {level.level}: {level.title}
            </span>
            <span>{level.progress}%</span>
          </div>
          <div
            className="progress"
            role="progressbar"
            aria-label="Level progress"
            aria-valuenow={level.progress}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <div className="progress-bar" style={{ width: `${level.progress}%` }} />
          </div>
        </div>
      </div>
    </section>
  );
}

/** One's own profile's actions: share the public profile's link, write a review. */
export function OwnProfileActions({ user }: { user: User }) {
  const toast = useToast();
  const share = async () => {
    try {
      await navigator.clipboard.writeText(`${window.location.origin}${profilePath(user.username)}`);
    } catch {
      // no clipboard: still tell the user where the profile is
    }
    toast({ title: 'Link copied', description: 'Your profile link is on your clipboard.' });
  };
  return (
    <>
      <button type="button" className="btn btn-outline-secondary" onClick={share}>
        Share Profile
      </button>
      <Link to="/write-review" className="btn btn-primary">
        Write Review
      </Link>
    </>
  );
}
