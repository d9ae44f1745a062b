/** The open WebSockets of each user in this process, so that "log out everywhere" can close them (code 4002). */
export class UserSockets {
  private readonly byUser = new Map<string, Set<{ close(code: number, reason: string): void }>>();

  add(userId: string, ws: { close(code: number, reason: string): void }): () => void {
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(ws);
    return () => {
      set.delete(ws);
      if (set.size === 0 && this.byUser.get(userId) === set) this.byUser.delete(userId);
    };
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
