import type { Rng } from '../core/rng.js';
import type { GameTypes, Seat } from '../games/game.js';
import type { GameModule } from '../games/module.js';
import { analysisUnit } from '../search/analysis.js';
import { signed } from '../search/analysisText.js';
import { RAISE_FROM, raisingTied } from '../games/karnoeffel/stakes.js';
import { hint } from '../search/hint.js';
import { strongOptions } from '../search/pimc.js';

/**
 * `hint` at a terminal prompt (issue 22): the strong bot's choice and its
 * estimate of the seat's own result for each legal action, best first, in
 * the game's unit, from the seat's own view only (the view is all the bot
 * reads). `--think` sets its time, as for the strong bot at the table.
 *
 *   Hint: EA (Eichel-Ass).
 *   (the strong bot, over 24 worlds dealt from your view; your expected result in cents)
 *     → +12,5 ct  EA (Eichel-Ass)
 *        −7,5 ct  SA (Schellen-Sau)
 *
 * The arrow marks the bot's choice: outside the card play the strong bot
 * keeps the easy bot's choice unless the worlds show another better with
 * confidence (pimc.ts, DEVIATION_Z), so it may stand below the best estimate.
 * Where only the winners score (the Schnapsen games, Karnöffel) the
 * estimates are the side's points less the other side's, as the analysis
 * values them ("…; your side's expected game points less the other side's").
 * Karnöffel's raising is taken from the side's chance of winning the card
 * play (src/search/stakes.ts), and the hint says so:
 *
 *   Hint: refuse.
 *   (the strong bot: your side wins the card play in 31% of 64 worlds dealt from your view; your side's expected points less the other side's)
 */
export async function hintLines<T extends GameTypes>(
  module: GameModule<T>,
  rules: T['rules'],
  view: T['view'],
  seat: Seat,
  legal: readonly T['action'][],
  rng: Rng,
  thinkMs: number | undefined,
  describe: (a: T['action']) => string,
): Promise<string> {
  const { game } = module;
  const h = await hint(module, rules, view, seat, legal, rng, thinkMs === undefined ? strongOptions(module) : { ...strongOptions(module), thinkMs });
  const unit = analysisUnit(game.id);
  const byName = new Map(legal.map((a) => [game.formatAction(rules, a), a]));
  const words = (name: string) => {
    const a = byName.get(name);
    const d = a === undefined ? name : describe(a);
    return d === name || d.includes(name) ? d : `${name} (${d})`;
  };
  const width = Math.max(...h.estimates.map((e) => [...signed(e.value, unit)].length));
  const over = `over ${h.worlds} ${h.worlds === 1 ? 'world' : 'worlds'} dealt from your view`;
  const head =
    h.chance === undefined
      ? `the strong bot, ${over}; ${h.margin ? `your side's expected ${unit.name} less the other side's` : `your expected result in ${unit.name}`}`
      : `the strong bot: your side wins the card play in ${Math.round(h.chance * 100)}% of ${h.worlds} ${h.worlds === 1 ? 'world' : 'worlds'} dealt from your view; your side's expected ${unit.name} less the other side's`;
  const lines = [
    // The choice first, on a line of its own; how it was found below it (one line of 100 characters wrapped mid-way).
    `  Hint: ${words(h.choice)}.`,
    `  (${head})`,
    ...h.estimates.map((e) => `    ${e.action === h.choice ? '→' : ' '} ${signed(e.value, unit).padStart(width)}  ${words(e.action)}`),
  ];
  // A choice below the best estimate is said to be one, as the browser says it (a player asked why it advises the worse).
  if (h.chance === undefined && h.estimates[0]?.action !== h.choice) lines.push('  (The bot keeps its usual choice unless the worlds show another to be better with confidence; over few worlds the estimates are uncertain.)');
  if (h.chance !== undefined && raisingTied(h.estimates))
    lines.push(`  (Raising and playing on are worth the same: between good players the raising goes on until a side would win the match with the round. The bot raises when its side wins in at least ${Math.round(RAISE_FROM * 100)}%.)`);
  return lines.join('\n');
}
