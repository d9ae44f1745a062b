import { createRequire } from 'node:module';

type OpenSkill = typeof import('openskill');
let openskill: OpenSkill | undefined;
/** OpenSkill (with some 150 small @stdlib modules) loads with the first rated sitting, not with every start of the server (about 0.3 s of CPU). */
const skill = (): OpenSkill => (openskill ??= createRequire(import.meta.url)('openskill') as OpenSkill);

/**
 * Ratings per game with OpenSkill. The choice, the same for every game:
 * a rated sitting is one match in which each seat is its own side, ranked by
 * its total score over the sitting's deals (the `score` of every outcome
 * added up; equal totals tie). Partnerships (Bauernschnapsen, Karnöffel,
 * Schafkopf's Rufspiel) change from deal to deal or are already in the
 * scores, so a seat's total is an honest measure of how it did. Bots take
 * part with a fixed rating that is never updated.
 */
export const BOT_RATING = { mu: 25, sigma: 1 } as const;

/**
 * Why a guest may not open or sit at a rated table: a guest's name is anybody's once the guest is gone, and a rating
 * (and a place on the leaderboard) belongs to a name that lasts.
 */
export const RATED_NEEDS_ACCOUNT = 'a rated table is for registered players: register a name to play rated (a guest plays unrated)';
export const NEW_RATING = { mu: 25, sigma: 25 / 3 } as const;

export interface Rated {
  /** The user id of a human, undefined for a bot. */
  readonly userId?: string;
  readonly mu: number;
  readonly sigma: number;
  readonly total: number;
}

/** The humans' new ratings after a sitting; bots keep theirs. */
export function rateSitting(players: readonly Rated[]): { userId: string; mu: number; sigma: number }[] {
  if (players.length < 2) return [];
  const { rate, rating } = skill();
  const teams = players.map((p) => [rating({ mu: p.mu, sigma: p.sigma })]);
  const result = rate(teams, { score: players.map((p) => p.total) });
  const out: { userId: string; mu: number; sigma: number }[] = [];
  players.forEach((p, i) => {
    if (p.userId !== undefined) out.push({ userId: p.userId, mu: result[i][0].mu, sigma: result[i][0].sigma });
  });
  return out;
}

/** The conservative rating shown on the leaderboard. */
export function ordinalOf(r: { mu: number; sigma: number }): number {
  return r.mu - 3 * r.sigma;
}
