/**
 * The moderation tables (migration 005): roles, mutes and bans, players'
 * reports and the audit log. One implementation for both databases over a
 * small SQL runner (`sqlRunner` in sqlite.ts and postgres.ts); every change
 * is written in one transaction with its line in the audit log.
 */
import { checkIndex, checkText, StoreError, type TableRow, type UserRow } from './store.js';

export type SanctionKind = 'mute' | 'ban';
export type Role = 'admin';

/** A mute (may not chat) or a ban (may not log in, sit or chat), in force from `created` until `until` (null: for ever) unless lifted. */
export interface SanctionRow {
  readonly id: string;
  readonly userId: string;
  readonly kind: SanctionKind;
  readonly created: number;
  readonly until: number | null;
  readonly lifted: number | null;
  /** The admin's user id (null: the command line). */
  readonly by: string | null;
  readonly reason: string;
}

export interface NewReport {
  readonly id: string;
  readonly reporterId: string;
  /** The player reported (for a chat line: its writer). */
  readonly userId: string;
  readonly tableId: string | null;
  /** The chat line's event number at the table, and its text as it was. */
  readonly chatE: number | null;
  readonly chatText: string | null;
  readonly reason: string;
  readonly created: number;
}

export interface ReportRow extends NewReport {
  readonly reporterName: string;
  readonly userName: string;
  readonly closed: number | null;
  readonly closedBy: string | null;
  readonly outcome: string | null;
}

/** One moderation step: who (null: the command line), what, whom, when, why. */
export interface AuditEntry {
  readonly at: number;
  readonly actorId: string | null;
  readonly actorName: string;
  readonly action: string;
  readonly userId?: string | null;
  readonly userName?: string | null;
  readonly tableId?: string | null;
  /** What else the step names (the duration, the chat line's number, the report). */
  readonly detail?: string | null;
  readonly reason: string;
}

export interface AuditRow extends Required<AuditEntry> {
  readonly id: number;
}

export interface ModerationStore {
  hasRole(userId: string, role: Role): Promise<boolean>;
  /** Grants (`on`) or revokes a role, with its audit line; false when nothing changed (had it already, or did not have it). */
  setRole(userId: string, role: Role, on: boolean, audit: AuditEntry): Promise<boolean>;
  /** The users with the role, by name. */
  withRole(role: Role): Promise<UserRow[]>;
  /** The sanctions of the user in force at `now`. */
  activeSanctions(userId: string, now: number): Promise<SanctionRow[]>;
  /** A new sanction with its audit line; a ban also ends every session of the user, in the same transaction. */
  addSanction(s: SanctionRow, audit: AuditEntry): Promise<void>;
  /** Lifts the user's sanctions of this kind in force at `now`: how many (0: none, and nothing is written). */
  liftSanctions(userId: string, kind: SanctionKind, now: number, audit: AuditEntry): Promise<number>;
  /** Ends every session of the user (a banned player who logged in): how many. */
  endSessions(userId: string): Promise<number>;
  addReport(r: NewReport): Promise<void>;
  /** How many reports the user made since `since` (the rate limit). */
  reportsSince(reporterId: string, since: number): Promise<number>;
  /** The reports not yet closed, oldest first. */
  openReports(limit: number): Promise<ReportRow[]>;
  report(id: string): Promise<ReportRow | undefined>;
  /** Closes an open report with what was done; false when it is unknown or closed already. */
  closeReport(id: string, by: string, outcome: string, now: number, audit?: AuditEntry): Promise<boolean>;
  audit(entry: AuditEntry): Promise<void>;
  /** The latest audit lines, newest first. */
  auditLog(limit: number): Promise<AuditRow[]>;
  /** A table's row, finished or not. */
  tableRow(id: string): Promise<TableRow | undefined>;
}

type Row = Record<string, unknown>;
export interface Statement {
  readonly text: string;
  readonly values: readonly unknown[];
}

/** What the implementation needs of a database: queries with $1, $2, … and a batch of statements in one transaction. */
export interface SqlRunner {
  query(text: string, values?: readonly unknown[]): Promise<Row[]>;
  batch(statements: readonly Statement[]): Promise<Row[][]>;
}

const num = (v: unknown): number => Number(v);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const strOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

function sanction(r: Row): SanctionRow {
  return { id: String(r.id), userId: String(r.user_id), kind: r.kind as SanctionKind, created: num(r.created), until: numOrNull(r.until), lifted: numOrNull(r.lifted), by: strOrNull(r.by_user), reason: String(r.reason) };
}

function report(r: Row): ReportRow {
  return {
    id: String(r.id),
    reporterId: String(r.reporter_id),
    reporterName: String(r.reporter_name),
    userId: String(r.user_id),
    userName: String(r.user_name),
    tableId: strOrNull(r.table_id),
    chatE: numOrNull(r.chat_e),
    chatText: strOrNull(r.chat_text),
    reason: String(r.reason),
    created: num(r.created),
    closed: numOrNull(r.closed),
    closedBy: strOrNull(r.closed_by),
    outcome: strOrNull(r.outcome),
  };
}

function checkAudit(a: AuditEntry): void {
  checkIndex(a.at, 'audit time');
  checkText(a.actorName, 'actor');
  checkText(a.action, 'action');
  checkText(a.reason, 'reason');
  for (const [v, what] of [
    [a.actorId, 'actor id'],
    [a.userId, 'user id'],
    [a.userName, 'user name'],
    [a.tableId, 'table id'],
    [a.detail, 'detail'],
  ] as const) {
    if (v !== null && v !== undefined) checkText(v, what);
  }
}

function auditStatement(a: AuditEntry): Statement {
  checkAudit(a);
  return {
    text: 'INSERT INTO moderation_log (at, actor_id, actor_name, action, user_id, user_name, table_id, detail, reason) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
    values: [a.at, a.actorId, a.actorName, a.action, a.userId ?? null, a.userName ?? null, a.tableId ?? null, a.detail ?? null, a.reason],
  };
}

const REPORT_COLUMNS =
  'r.id, r.reporter_id, p.name AS reporter_name, r.user_id, u.name AS user_name, r.table_id, r.chat_e, r.chat_text, r.reason, r.created, r.closed, r.closed_by, r.outcome FROM reports r JOIN users p ON p.id = r.reporter_id JOIN users u ON u.id = r.user_id';

/** The moderation tables of either database. */
export class SqlModerationStore implements ModerationStore {
  constructor(private readonly sql: SqlRunner) {}

  async hasRole(userId: string, role: Role): Promise<boolean> {
    checkText(userId, 'user id');
    return (await this.sql.query('SELECT 1 FROM roles WHERE user_id = $1 AND role = $2', [userId, role])).length > 0;
  }

  async setRole(userId: string, role: Role, on: boolean, audit: AuditEntry): Promise<boolean> {
    checkText(userId, 'user id');
    const has = await this.hasRole(userId, role);
    if (has === on) return false;
    const change: Statement = on
      ? { text: 'INSERT INTO roles (user_id, role, granted) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', values: [userId, role, audit.at] }
      : { text: 'DELETE FROM roles WHERE user_id = $1 AND role = $2', values: [userId, role] };
    await this.sql.batch([change, auditStatement(audit)]);
    return true;
  }

  async withRole(role: Role): Promise<UserRow[]> {
    const rows = await this.sql.query('SELECT u.id, u.name, u.guest FROM roles r JOIN users u ON u.id = r.user_id WHERE r.role = $1 ORDER BY lower(u.name), u.id', [role]);
    return rows.map((r) => ({ id: String(r.id), name: String(r.name), guest: r.guest === true || r.guest === 1 }));
  }

  async activeSanctions(userId: string, now: number): Promise<SanctionRow[]> {
    checkText(userId, 'user id');
    const rows = await this.sql.query('SELECT * FROM sanctions WHERE user_id = $1 AND lifted IS NULL AND (until IS NULL OR until > $2) ORDER BY created, id', [userId, now]);
    return rows.map(sanction);
  }

  async addSanction(s: SanctionRow, audit: AuditEntry): Promise<void> {
    checkText(s.id, 'sanction id');
    checkText(s.userId, 'user id');
    if (s.kind !== 'mute' && s.kind !== 'ban') throw new StoreError('badInput', `a sanction is a mute or a ban, not ${String(s.kind)}`);
    checkIndex(s.created, 'sanction created');
    if (s.until !== null) checkIndex(s.until, 'sanction until');
    checkText(s.reason, 'reason');
    const statements: Statement[] = [
      { text: 'INSERT INTO sanctions (id, user_id, kind, created, until, lifted, by_user, reason) VALUES ($1, $2, $3, $4, $5, NULL, $6, $7)', values: [s.id, s.userId, s.kind, s.created, s.until, s.by, s.reason] },
      auditStatement(audit),
    ];
    // A ban ends the sessions, and the tickets bought with them (or kept before tickets named their session), which would open a socket afterwards.
    if (s.kind === 'ban') statements.push({ text: 'DELETE FROM tickets WHERE user_id = $1', values: [s.userId] }, { text: 'DELETE FROM sessions WHERE user_id = $1', values: [s.userId] });
    await this.sql.batch(statements);
  }

  async liftSanctions(userId: string, kind: SanctionKind, now: number, audit: AuditEntry): Promise<number> {
    const active = (await this.activeSanctions(userId, now)).filter((x) => x.kind === kind);
    if (active.length === 0) return 0;
    await this.sql.batch([
      { text: 'UPDATE sanctions SET lifted = $1 WHERE user_id = $2 AND kind = $3 AND lifted IS NULL AND (until IS NULL OR until > $1)', values: [now, userId, kind] },
      auditStatement(audit),
    ]);
    return active.length;
  }

  async endSessions(userId: string): Promise<number> {
    checkText(userId, 'user id');
    // And the tickets bought with them (whatever session they name), which would open a socket afterwards.
    await this.sql.query('DELETE FROM tickets WHERE user_id = $1 RETURNING ticket_hash', [userId]);
    return (await this.sql.query('DELETE FROM sessions WHERE user_id = $1 RETURNING token_hash', [userId])).length;
  }

  async addReport(r: NewReport): Promise<void> {
    checkText(r.id, 'report id');
    checkText(r.reporterId, 'reporter');
    checkText(r.userId, 'user id');
    checkText(r.reason, 'reason');
    if (r.tableId !== null) checkText(r.tableId, 'table id');
    if (r.chatE !== null) checkIndex(r.chatE, 'chat line');
    if (r.chatText !== null) checkText(r.chatText, 'chat text');
    checkIndex(r.created, 'report created');
    await this.sql.query('INSERT INTO reports (id, reporter_id, user_id, table_id, chat_e, chat_text, reason, created) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)', [
      r.id,
      r.reporterId,
      r.userId,
      r.tableId,
      r.chatE,
      r.chatText,
      r.reason,
      r.created,
    ]);
  }

  async reportsSince(reporterId: string, since: number): Promise<number> {
    checkText(reporterId, 'reporter');
    const [r] = await this.sql.query('SELECT count(*) AS n FROM reports WHERE reporter_id = $1 AND created > $2', [reporterId, since]);
    return num(r.n);
  }

  async openReports(limit: number): Promise<ReportRow[]> {
    checkIndex(limit, 'limit');
    return (await this.sql.query(`SELECT ${REPORT_COLUMNS} WHERE r.closed IS NULL ORDER BY r.created, r.id LIMIT $1`, [limit])).map(report);
  }

  async report(id: string): Promise<ReportRow | undefined> {
    checkText(id, 'report id');
    const [r] = await this.sql.query(`SELECT ${REPORT_COLUMNS} WHERE r.id = $1`, [id]);
    return r && report(r);
  }

  async closeReport(id: string, by: string, outcome: string, now: number, audit?: AuditEntry): Promise<boolean> {
    checkText(id, 'report id');
    checkText(by, 'closed by');
    checkText(outcome, 'outcome');
    const open = await this.report(id);
    if (!open || open.closed !== null) return false;
    const [closed] = await this.sql.batch([
      { text: 'UPDATE reports SET closed = $1, closed_by = $2, outcome = $3 WHERE id = $4 AND closed IS NULL RETURNING id', values: [now, by, outcome, id] },
      ...(audit ? [auditStatement(audit)] : []),
    ]);
    return closed.length > 0;
  }

  async audit(entry: AuditEntry): Promise<void> {
    const s = auditStatement(entry);
    await this.sql.query(s.text, s.values);
  }

  async auditLog(limit: number): Promise<AuditRow[]> {
    checkIndex(limit, 'limit');
    const rows = await this.sql.query('SELECT * FROM moderation_log ORDER BY at DESC, id DESC LIMIT $1', [limit]);
    return rows.map((r) => ({
      id: num(r.id),
      at: num(r.at),
      actorId: strOrNull(r.actor_id),
      actorName: String(r.actor_name),
      action: String(r.action),
      userId: strOrNull(r.user_id),
      userName: strOrNull(r.user_name),
      tableId: strOrNull(r.table_id),
      detail: strOrNull(r.detail),
      reason: String(r.reason),
    }));
  }

  async tableRow(id: string): Promise<TableRow | undefined> {
    checkText(id, 'table id');
    const [r] = await this.sql.query('SELECT id, game, settings, finished, created FROM tables WHERE id = $1', [id]);
    return r && { id: String(r.id), game: String(r.game), settings: JSON.parse(String(r.settings)), finished: r.finished === true || r.finished === 1, created: num(r.created) };
  }
}

/** SQLite's form of a statement with $1, $2, …: anonymous ? and the values in the order they occur. */
export function sqliteStatement(text: string, values: readonly unknown[]): { text: string; values: unknown[] } {
  const order: unknown[] = [];
  const out = text.replace(/\$(\d+)/g, (_, n: string) => {
    order.push(values[Number(n) - 1]);
    return '?';
  });
  return { text: out, values: order };
}
