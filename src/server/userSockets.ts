import type { SocketBusy } from './clusterFront.js';
import type { UserRow } from './store/store.js';

/** The other processes of a cluster, told when a user's sessions end (cluster.ts). */
export interface OtherProcesses {
  loggedOut(user: string, except?: string): Promise<void>;
  /** One session (a token's hash) ended: each process closes the sockets opened with it. */
  sessionEnded(session: string): Promise<void>;
}

/**
 * The open WebSockets of each user in this process, so that a logout, "log out everywhere" and a new password can
 * close them (code 4002); in a cluster the other processes are told to close theirs.
 */
export class UserSockets {
  constructor(private readonly others?: OtherProcesses) {}

  private readonly byUser = new Map<string, Set<{ close(code: number, reason: string): void }>>();
  /** What each socket's tables wait on from it (drain.ts tells idle sockets to reconnect first). */
  private readonly busyBy = new WeakMap<object, () => SocketBusy>();
  /** Whose each socket is (drain.ts gives each socket a ticket for its reconnect). */
  private readonly userBy = new WeakMap<object, UserRow>();

  /** The session (its token's hash) each socket belongs to: its cookie's or bearer token's, or the one its ticket was bought with. */
  private readonly sessionBy = new WeakMap<object, string>();
  /** The open sockets of each session (its token's hash), so that a logout closes those of its session only. */
  private readonly bySession = new Map<string, Set<{ close(code: number, reason: string): void }>>();

  add(user: UserRow, ws: { close(code: number, reason: string): void }, busy?: () => SocketBusy, session?: string): () => void {
    const userId = user.id;
    let ofSession: Set<{ close(code: number, reason: string): void }> | undefined;
    if (session) {
      this.sessionBy.set(ws, session);
      ofSession = this.bySession.get(session);
      if (!ofSession) this.bySession.set(session, (ofSession = new Set()));
      ofSession.add(ws);
    }
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(ws);
    this.userBy.set(ws, user);
    if (busy) this.busyBy.set(ws, busy);
    return () => {
      set.delete(ws);
      if (set.size === 0 && this.byUser.get(userId) === set) this.byUser.delete(userId);
      if (session && ofSession) {
        ofSession.delete(ws);
        if (ofSession.size === 0 && this.bySession.get(session) === ofSession) this.bySession.delete(session);
      }
    };
  }

  /** What the socket's tables wait on from it (`idle` for a socket that does not say). */
  busy(ws: object): SocketBusy {
    return this.busyBy.get(ws)?.() ?? 'idle';
  }

  /** The session (its token's hash) the socket belongs to, where it is known. */
  sessionOf(ws: object): string | undefined {
    return this.sessionBy.get(ws);
  }

  /** The user whose socket it is (undefined for a socket that was never added). */
  userOf(ws: object): UserRow | undefined {
    return this.userBy.get(ws);
  }

  /** The user's sessions ended (but `except`, a token's hash): closes their sockets here and tells the other processes. */
  sessionsEnded(userId: string, except?: string): void {
    this.closeAll(userId, except);
    void this.others?.loggedOut(userId, except);
  }

  /** One session (its token's hash) ended (a logout): closes its sockets here and tells the other processes. */
  sessionEnded(session: string): void {
    this.closeSession(session);
    void this.others?.sessionEnded(session);
  }

  /** Closes the sockets of one session (a token's hash) in this process, with the code of every ended session (4002); returns how many. */
  closeSession(session: string): number {
    const set = this.bySession.get(session);
    if (!set) return 0;
    this.bySession.delete(session);
    const closing = [...set];
    for (const ws of closing) this.byUser.get(this.userBy.get(ws)?.id ?? '')?.delete(ws);
    for (const ws of closing) {
      const userId = this.userBy.get(ws)?.id;
      if (userId !== undefined && this.byUser.get(userId)?.size === 0) this.byUser.delete(userId);
    }
    for (const ws of closing) ws.close(4002, 'logged out');
    return closing.length;
  }

  /** Closes every socket of the user in this process (but those of session `except`, a token's hash); returns how many it closed. */
  closeAll(userId: string, except?: string): number {
    const set = this.byUser.get(userId);
    if (!set) return 0;
    const closing = [...set].filter((ws) => except === undefined || this.sessionBy.get(ws) !== except);
    for (const ws of closing) set.delete(ws);
    if (set.size === 0) this.byUser.delete(userId);
    for (const ws of closing) ws.close(4002, 'logged out');
    return closing.length;
  }
}
