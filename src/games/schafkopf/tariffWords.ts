import type { Contract } from './contract.js';
import { formatCents } from './money.js';
import type { SchafkopfRules } from './rules.js';
import { paidLaufende, type SchafkopfOutcome } from './scoring.js';

const ct = (x: number) => formatCents(x, false);

/** The game's price by its kind: a Rufspiel's own, every other game the Solo's (002 6.4); the suit is in the game's line. */
function priceName(c: Contract): string {
  if (c.kind === 'rufspiel') return 'Rufspiel';
  if (c.kind === 'sie') return 'Solo';
  if (c.kind === 'farbwenz') return 'Farbwenz';
  if (c.kind === 'farbgeier') return 'Farbgeier';
  return c.kind[0].toUpperCase() + c.kind.slice(1);
}

/**
 * How the amount one loser pays one winner came about, before the doublings (002 6.4, as settlePointGame reckons
 * it): "Rufspiel 0,20 € + Schneider 0,10 € + 3 Laufende × 0,10 € = 0,60 €", "Tout: 2 × (Wenz 0,50 € + 2 Laufende ×
 * 0,10 €) = 1,40 €" (the words are the game's terms, alike in both languages). The summary used to give the sum alone, so that a table that had just won a Schneider with three
 * Laufende read "0,60 €" and had to work out the rest (play-test). Null where there is nothing to add up (a Bettel,
 * a game with its price alone) or the parts do not give the amount (the rules not the table's).
 */
export function tariffParts(o: SchafkopfOutcome, rules: SchafkopfRules): string | null {
  const c = o.contract;
  if (!c || o.thrownIn || c.kind === 'ramsch' || c.kind === 'bettel') return null;
  const base = c.kind === 'rufspiel' ? rules.tarifRufspiel : rules.tarifSolo;
  const parts = [`${priceName(c)} ${ct(base)}`];
  let sum = base;
  const schneider = c.kind === 'sie' || c.tout ? 0 : (o.schneider ? 1 : 0) + (o.schwarz ? 1 : 0);
  if (schneider > 0 && rules.tarifSchneider > 0) {
    // Schwarz is paid as a second Schneider on top of the first (002 6.4: Rufspiel Schneider 2 GE, Schwarz 3 GE).
    if (o.schneider) parts.push(`Schneider ${ct(rules.tarifSchneider)}`);
    if (o.schwarz) parts.push(`Schwarz ${ct(rules.tarifSchneider)}`);
    sum += schneider * rules.tarifSchneider;
  }
  const laufende = rules.tarifLaufende > 0 ? paidLaufende(rules, c, o.laufende) : 0;
  if (laufende > 0) {
    parts.push(`${laufende} ${laufende === 1 ? 'Laufender' : 'Laufende'} × ${ct(rules.tarifLaufende)}`);
    sum += laufende * rules.tarifLaufende;
  }
  // Tout pays twice (1 SE + Laufende), Sie four times (002 6.4.2).
  const times = c.kind === 'sie' ? 4 : c.tout ? 2 : 1;
  if (times * sum !== o.amount) return null;
  if (parts.length === 1 && times === 1) return null;
  const inner = parts.join(' + ');
  return `${times > 1 ? `${c.kind === 'sie' ? 'Sie' : 'Tout'}: ${times} × (${inner})` : inner} = ${ct(o.amount)}`;
}
