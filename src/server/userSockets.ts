import type { SocketBusy } from './clusterFront.js';

/** The open WebSockets of each user in this process, so that "log out everywhere" can close them (code 4002). */
export class UserSockets {
  private readonly byUser = new Map<string, Set<{ close(code: number, reason: string): void }>>();
  /** What each socket's tables wait on from it (drain.ts tells idle sockets to reconnect first). */
  private readonly busyBy = new WeakMap<object, () => SocketBusy>();

  add(userId: string, ws: { close(code: number, reason: string): void }, busy?: () => SocketBusy): () => void {
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(ws);
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

  /** Closes every socket of the user; resolves with how many there were. */
  closeAll(userId: string): number {
    const set = this.byUser.get(userId);
    if (!set) return 0;
    this.byUser.delete(userId);
    for (const ws of set) ws.close(4002, 'logged out');
    return set.size;
  }
}
