import { ALREADY_OWNER, CLAIM_PENDING } from '@trustcircle/contracts';
import { claimRefusal } from './owners';

describe('claimRefusal', () => {
  it('lets a member claim a business they neither own nor wait for', () => {
    expect(claimRefusal({ isOwner: false, hasPending: false })).toBeNull();
  });

  it('refuses an owner, and a second open claim', () => {
    expect(claimRefusal({ isOwner: true, hasPending: false })).toBe(ALREADY_OWNER);
    expect(claimRefusal({ isOwner: false, hasPending: true })).toBe(CLAIM_PENDING);
    expect(claimRefusal({ isOwner: true, hasPending: true })).toBe(ALREADY_OWNER);
  });
});
