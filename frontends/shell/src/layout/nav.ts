import type { User } from '@trustcircle/contracts';
import { isModerator, useFailureToast, useToast, useNavigate } from '@trustcircle/ui';
import { useLogout } from '../session';

const NAV = [
  { to: '/explore', label: 'Discover' },
  { to: '/groups', label: 'Groups' },
  { to: '/trending', label: 'Trending' },
];
export const MODERATION = { to: '/moderation', label: 'Moderation' };

/** The main links; moderators (design §9) also get the moderation queue. */
export const navFor = (user: User | null) => (isModerator(user) ? [...NAV, MODERATION] : NAV);

export function useSignOut() {
  const logout = useLogout();
  const toast = useToast();
  const failed = useFailureToast();
  const navigate = useNavigate();
  return () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        navigate('/');
        logout.clear();
        toast({ title: 'Logged out', description: 'You have been successfully logged out.' });
      },
      onError: failed('Logout failed'),
    });
}
