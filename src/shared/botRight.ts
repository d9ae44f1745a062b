/**
 * Who may seat bots at a waiting table (and take them off): the player who opened it while he sits there, or while
 * nobody does; once he has stood up and others sit there, each of them. So a table its creator left can still be
 * filled with bots by those waiting at it. The server decides (seatBots.ts); the browser asks the same to show the
 * controls to whoever may use them.
 */
export function mayChangeBots(creator: string | undefined, seats: readonly ({ readonly kind: string; readonly userId?: string })[], userId: string): boolean {
  const people = seats.flatMap((o) => (o.kind === 'human' && o.userId !== undefined ? [o.userId] : []));
  const creatorSeated = creator !== undefined && people.includes(creator);
  if (userId === creator) return creatorSeated || people.length === 0;
  return !creatorSeated && people.includes(userId);
}
