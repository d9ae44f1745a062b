import type { LobbyTable, ServerMessage } from '../../server/protocol.js';

/** The lobby's page sizes (the server's LOBBY_PAGE and LOBBY_MAX in src/server/protocol.ts). */
export const LOBBY_PAGE = 50;
export const LOBBY_MAX = 100;

type Diff = Extract<ServerMessage, { type: 'lobbyDiff' }>;

/** Newest first, as the server orders them. */
function order(a: LobbyTable, b: LobbyTable): number {
  return b.created - a.created || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

/** The lobby's tables after a diff: removed ones go, changed ones are replaced, added ones come in, in the server's order. */
export function applyDiff(tables: readonly LobbyTable[], diff: Pick<Diff, 'added' | 'changed' | 'removed'>): LobbyTable[] {
  const byId = new Map(tables.map((t) => [t.id, t]));
  for (const id of diff.removed) byId.delete(id);
  for (const t of [...diff.changed, ...diff.added]) byId.set(t.id, t);
  return [...byId.values()].sort(order);
}

/** The first page, in order. */
export function firstPage(tables: readonly LobbyTable[]): LobbyTable[] {
  return [...tables].sort(order);
}
