import type { SocketBusy } from './clusterFront.js';
import type { UserRow } from './store/store.js';

/** The other processes of a cluster, told when a user's sessions end (cluster.ts). */
export interface OtherProcesses {
  loggedOut(user: string, except?: string): Promise<void>;
}

/**
 * The open WebSockets of each user in this process, so that "log out everywhere" and a new password can close them
 * (code 4002); in a cluster the other processes are told to close theirs.
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

  add(user: UserRow, ws: { close(code: number, reason: string): void }, busy?: () => SocketBusy, session?: string): () => void {
    const userId = user.id;
    if (session) this.sessionBy.set(ws, session);
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(ws);
    this.userBy.set(ws, user);
    if (busy) this.busyBy.set(ws, busy);
    return () => {
      set.delete(ws);
      if (set.size === 0 && this.byUser.get(userId) === set) this.byUser.delete(userId);
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
