import { changeRoles, grantableRole, RoleChangeError } from './roles';

describe('role changes', () => {
  it('grants and revokes moderator, keeping member', () => {
    expect(changeRoles(['member'], 'moderator', 'grant')).toEqual(['member', 'moderator']);
    expect(changeRoles(['member', 'moderator'], 'moderator', 'grant')).toEqual([
      'member',
      'moderator',
    ]);
    expect(changeRoles(['member', 'moderator'], 'moderator', 'revoke')).toEqual(['member']);
    expect(changeRoles(['member'], 'moderator', 'revoke')).toEqual(['member']);
  });

  it('never grants or revokes member and names the known roles', () => {
    expect(() => grantableRole('member')).toThrow(RoleChangeError);
    expect(() => grantableRole('admin')).toThrow('unknown role "admin"; roles: member, moderator');
    expect(grantableRole('moderator')).toBe('moderator');
  });
});
