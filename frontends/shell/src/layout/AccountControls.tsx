import type { User } from '@trustcircle/contracts';
import { Bell } from '../notifications/Bell';
import { UserMenu } from './UserMenu';

/**
 * The top bar's controls for the signed in: the bell and the account menu. Their own chunk
 * (with the notifications' live stream): a visitor's first load goes without them, and
 * early-session.ts starts it as soon as the session says someone is signed in.
 */
export default function AccountControls({ user }: { user: User }) {
  return (
    <>
      <Bell />
      <div className="d-none d-md-block">
        <UserMenu user={user} />
      </div>
    </>
  );
}
