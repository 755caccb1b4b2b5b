import { SESSION_CHANGED_CHANNEL, type Role } from '@trustcircle/contracts';
import type { Knex } from '@trustcircle/service-kit';
import { changeRoles, grantableRole, RoleChangeError, type RoleAction } from '../domain/roles';
import { knexUsersStore } from '../store/users-store';

/**
 * `npm run grant -- [--revoke] <role> <username>`: the only way a role changes (design §9),
 * an operator tool with admin rights like provisioning. Identity owns the roles; the gateway
 * keeps a copy with each session (it mints the JWT's `roles` claim from it), so the command
 * rewrites the user's live session rows too and sends the gateway's session NOTIFY: every
 * replica drops them from its cache, and the user's next request carries the new roles.
 */
export interface GrantCommand {
  action: RoleAction;
  role: Role;
  username: string;
}

export const GRANT_USAGE =
  'usage: npm run grant -- <role> <username>   |   npm run grant -- --revoke <role> <username>';

export function parseGrantArgs(argv: readonly string[]): GrantCommand {
  const revoke = argv.includes('--revoke');
  const rest = argv.filter((arg) => arg !== '--revoke');
  if (rest.length !== 2 || rest.some((arg) => arg.startsWith('-') || !arg.trim())) {
    throw new RoleChangeError(GRANT_USAGE);
  }
  const [role, username] = rest as [string, string];
  return { action: revoke ? 'revoke' : 'grant', role: grantableRole(role), username };
}

export interface GrantDatabases {
  /** Admin connections whose search_path is schema identity and schema gateway. */
  identity: Knex;
  gateway: Knex;
}

export interface GrantOutcome {
  userId: number;
  username: string;
  before: Role[];
  roles: Role[];
  sessions: number;
}

/** Rewrites the user's live sessions to `roles` and tells every gateway replica. */
async function syncSessions(gateway: Knex, userId: number, roles: readonly Role[]) {
  return gateway.transaction(async (trx) => {
    const rows: { id_hash: string }[] = await trx('sessions')
      .where({ user_id: userId })
      .update({ roles: [...roles] })
      .returning('id_hash');
    // Delivered at commit, so no replica re-reads a row before it holds the new roles.
    for (const { id_hash } of rows) {
      await trx.raw('select pg_notify(?, ?)', [SESSION_CHANGED_CHANNEL, id_hash]);
    }
    return rows.length;
  });
}

/**
 * A sign-in that read the old roles from identity just before the change may store its session
 * just after the first rewrite; `settleMs` later the sessions are rewritten once more from
 * identity's current roles, which closes that window.
 */
export async function applyGrant(
  dbs: GrantDatabases,
  command: GrantCommand,
  { settleMs = 3000 }: { settleMs?: number } = {},
): Promise<GrantOutcome> {
  const change = await dbs.identity.transaction(async (trx) => {
    const stored = await knexUsersStore.findByLogin(trx, command.username, { forUpdate: true });
    if (!stored) throw new RoleChangeError(`no account named "${command.username}"`);
    const before = stored.user.roles;
    const roles = changeRoles(before, command.role, command.action);
    await knexUsersStore.setRoles(trx, stored.user.id, roles);
    return { userId: stored.user.id, username: stored.user.username, before, roles };
  });
  let sessions = await syncSessions(dbs.gateway, change.userId, change.roles);
  if (settleMs > 0) {
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    const now = await knexUsersStore.findById(dbs.identity, change.userId);
    sessions = await syncSessions(dbs.gateway, change.userId, now?.user.roles ?? change.roles);
  }
  return { ...change, sessions };
}

export function describeOutcome(command: GrantCommand, outcome: GrantOutcome): string {
  const changed = outcome.before.join() !== outcome.roles.join();
  const what = changed
    ? `${command.action === 'grant' ? 'granted' : 'revoked'} ${command.role} ${command.action === 'grant' ? 'to' : 'from'} ${outcome.username}`
    : `${outcome.username} ${command.action === 'grant' ? 'already has' : 'does not have'} ${command.role}`;
  return `${what} (user ${outcome.userId}): roles ${outcome.roles.join(', ')}; ${outcome.sessions} live session(s) updated`;
}
