import { knownRoles, RoleSchema, type Role } from '@trustcircle/contracts';

export type RoleAction = 'grant' | 'revoke';

export class RoleChangeError extends Error {
  override name = 'RoleChangeError';
}

/** Roles an operator may grant or revoke: every account is a member, always. */
export function grantableRole(name: string): Role {
  const parsed = RoleSchema.safeParse(name);
  if (!parsed.success) {
    throw new RoleChangeError(`unknown role "${name}"; roles: ${RoleSchema.options.join(', ')}`);
  }
  if (parsed.data === 'member') {
    throw new RoleChangeError('every account is a member; only moderator is granted or revoked');
  }
  return parsed.data;
}

/** The roles after the change, `member` first; granting twice or revoking a missing role is a no-op. */
export function changeRoles(current: readonly Role[], role: Role, action: RoleAction): Role[] {
  const next = new Set(knownRoles(current));
  if (action === 'grant') next.add(role);
  else next.delete(role);
  return knownRoles([...next]);
}
