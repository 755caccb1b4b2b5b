import type { User } from '@trustcircle/contracts';
import { Link } from 'react-router-dom';
import { InitialsAvatar, useToast, VerifiedBadge, type Level } from '@trustcircle/ui';
import { displayName } from '../../session';

function joined(createdAt: string): string {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleDateString('en', { month: 'long', year: 'numeric' });
}

/** The profile's head: avatar, name, level, Share Profile, Write Review and the level bar. */
export function ProfileHeader({
  user,
  level,
  reviewCount,
}: {
  user: User;
  level: Level;
  reviewCount: number;
}) {
  const toast = useToast();
  const share = async () => {
    try {
      await navigator.clipboard.writeText(`${window.location.origin}/profile`);
    } catch {
      // no clipboard: still tell the user where the profile is
    }
    toast({ title: 'Link copied', description: 'Your profile link is on your clipboard.' });
  };

  return (
    <section className="card border-0 shadow-sm mb-4 overflow-hidden" aria-label="Profile">
      <div className="tc-profile-cover" />
      <div className="card-body p-4">
        <div className="d-flex flex-wrap align-items-end gap-3 tc-profile-head">
          <InitialsAvatar
            name={user.name}
            username={user.username}
            size={88}
            className="tc-avatar-ring"
          />
          <div className="flex-grow-1 min-w-0">
            <h1 className="h3 mb-0 d-flex align-items-center gap-2">
              {displayName(user)}{' '}
              {user.isVerified && <VerifiedBadge size={22} since={user.verifiedAt} />}
            </h1>
            <div className="text-body-secondary small">
              <span className="badge tc-badge-soft me-2">
                Level {level.level} · {level.title}
              </span>
              {user.email} · Joined {joined(user.createdAt)} · {reviewCount}{' '}
              {reviewCount === 1 ? 'review' : 'reviews'}
            </div>
          </div>
          <div className="d-flex gap-2">
            <button type="button" className="btn btn-outline-secondary" onClick={share}>
              Share Profile
            </button>
            <Link to="/write-review" className="btn btn-primary">
              Write Review
            </Link>
          </div>
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
