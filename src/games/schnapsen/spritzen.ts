import type { Seat } from '../game.js';
import { onDeclarerSide, problem, type Draft, type Problem } from './draft.js';
import { startPlay } from './play.js';
import type { SchnapsenAction, SchnapsenState } from './state.js';

/**
 * Spritzen (Flecken, Schießen), Retour, Re (003 "Flecken", NOTES): the side
 * against the declarer may double (×2), the declarer or his partner may
 * double back (Retour, ×4), and the spritzing side once more (Re, ×8), until
 * the first card is played; every game may be spritzed. In Talonschnapsen a
 * Spritzen "kann ausgesprochen werden, bis die erste Spielkarte ausgespielt
 * wurde, egal ob der Talon angesehen wurde oder nicht".
 *
 * Decision: the question is put to each seat in turn at the last moment
 * allowed (after the game and the talon are settled, before the first card):
 * the side against the declarer from the declarer's left, then after a
 * Spritzen the declarer and his partner, then after a Retour the spritzing
 * side again. A seat answers "spritzen"/"retour"/"re" or "weiter".
 */
export function startSpritzen(d: Draft): void {
  d.phase = 'spritzen';
  d.spritzLevel = 0;
  d.asked = sideSeats(d, false);
  d.turn = d.asked[0];
}

/** Seats of the declaring side (declarer first) or of the other side (from the declarer's left). */
function sideSeats(d: Draft, declaring: boolean): Seat[] {
  const out: Seat[] = [];
  const decl = d.contract?.declarer ?? d.rufer;
  for (let i = 0; i < d.seats; i++) {
    const seat = (decl + i) % d.seats;
    if (onDeclarerSide(d, seat) === declaring) out.push(seat);
  }
  return out;
}

const WORDS = ['spritzen', 'retour', 're'] as const;

export function spritzenCandidates(s: SchnapsenState): SchnapsenAction[] {
  return [{ type: 'pass' }, { type: WORDS[s.spritzLevel] }];
}

export function checkSpritzen(s: SchnapsenState, _seat: Seat, a: SchnapsenAction): Problem {
  if (a.type === 'pass') return undefined;
  const expected = WORDS[s.spritzLevel];
  if (a.type === 'spritzen' || a.type === 'retour' || a.type === 're') {
    if (a.type !== expected) {
      const now = s.spritzLevel === 0 ? 'nobody has spritzed yet' : s.spritzLevel === 1 ? 'the game is spritzed; the declaring side may answer "retour"' : 'Retour was said; the spritzing side may answer "re"';
      return problem('badDouble', `"${a.type}" is not possible now: ${now}`);
    }
    return undefined;
  }
  return problem('wrongAction', `before the first card: "${expected}" or "weiter"`);
}

export function stepSpritzen(d: Draft, seat: Seat, a: SchnapsenAction): void {
  if (a.type === 'pass') {
    d.events.push({ type: 'noDouble', seat });
    d.asked.shift();
    if (d.asked.length > 0) d.turn = d.asked[0];
    else startPlay(d);
    return;
  }
  d.spritzLevel += 1;
  d.events.push({ type: 'double', seat, level: d.spritzLevel });
  if (d.spritzLevel >= 3) {
    startPlay(d);
    return;
  }
  // After Spritzen the declaring side answers; after Retour the side that spritzed.
  d.asked = sideSeats(d, d.spritzLevel === 1);
  d.turn = d.asked[0];
}
