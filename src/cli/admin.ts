import { openStore, describeLocation } from '../server/store/open.js';
import type { UserRow } from '../server/store/store.js';
import { CliError } from './play.js';
import { COMMAND_LINE_REASONS } from '../shared/auditReasons.js';

export interface AdminOptions {
  /** The SQLite file (default: STICH_DB). */
  readonly db?: string;
  /** A PostgreSQL URL (default: STICH_PG_URL). */
  readonly pg?: string;
  /** Why (kept in the audit log). */
  readonly reason?: string;
}

export type AdminAction = 'grant' | 'revoke' | 'list';

/**
 * `stich admin grant NAME` / `revoke NAME` / `list`: the admin role of a registered player, on the server's database
 * (--db FILE or --pg URL; else STICH_DB or STICH_PG_URL). A running server sees the change at once (it reads the role
 * on each admin request). Every change is a line of the audit log, by "command line".
 */
export async function adminCommand(action: AdminAction, name: string | undefined, opts: AdminOptions, out: NodeJS.WritableStream = process.stdout, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  if (!['grant', 'revoke', 'list'].includes(action)) throw new CliError(`stich admin grant NAME, revoke NAME or list; not ${JSON.stringify(action)}`);
  if (action !== 'list' && (name === undefined || name.trim() === '')) throw new CliError(`stich admin ${action} NAME: name a registered player`);
  const flagged = opts.db !== undefined || opts.pg !== undefined;
  const where = flagged ? { db: opts.db, pg: opts.pg } : { db: env.STICH_DB?.trim() || undefined, pg: env.STICH_PG_URL?.trim() || undefined };
  if (where.db !== undefined && where.pg !== undefined) throw new CliError('name one database: --db FILE or --pg URL');
  if (where.db === undefined && where.pg === undefined) throw new CliError("name the server's database with --db FILE or --pg URL (or STICH_DB / STICH_PG_URL)");
  let store;
  try {
    store = await openStore(where);
  } catch (e) {
    throw new CliError(`${describeLocation(where)}: ${(e as Error).message}`);
  }
  try {
    const mod = store.moderation;
    if (!mod) throw new CliError('this store has no moderation tables');
    if (action === 'list') {
      const admins = await mod.withRole('admin');
      out.write(admins.length === 0 ? 'no admins\n' : admins.map((u) => `${u.name}\n`).join(''));
      return 0;
    }
    const user: UserRow | undefined = await store.userByName(name!.trim());
    if (!user) throw new CliError(`no registered player named ${JSON.stringify(name!.trim())} (guests cannot be admins: register the name first)`);
    const on = action === 'grant';
    const reason = opts.reason?.trim() || COMMAND_LINE_REASONS[on ? 'grant' : 'revoke'];
    const changed = await mod.setRole(user.id, 'admin', on, { at: Date.now(), actorId: null, actorName: 'command line', action, userId: user.id, userName: user.name, reason });
    out.write(changed ? `${user.name} ${on ? 'is an admin now' : 'is no longer an admin'}\n` : `${user.name} ${on ? 'is an admin already' : 'is not an admin'}\n`);
    return 0;
  } finally {
    await store.close();
  }
}
