import { decimal, signedDecimal } from '../core/numbers.js';
import type { AnalysisUnit, DealAnalysis, DecisionAnalysis, RecordAnalysis } from './analysis.js';

/**
 * The analysis as text for a learner: every decision outside the card play
 * judged, every card that cost something (from the own view or with all
 * cards known) with the best alternative ("Trick 7, Anna led
 * HZ: −20 ct; best SA: +10 ct"), a line per player, and the declaring
 * side's expected result after each trick (in a Ramsch, every player's card
 * points after each trick and whether the others can make him pay). Values
 * are the deciding seat's own result in the game's unit, from the player's
 * own view where there is one, with all cards known in brackets.
 */
export function formatRecordAnalysis(a: RecordAnalysis): string {
  return [analysisHeader(a.deals.length, a.unit), ...a.deals.map((d) => formatDealAnalysis(d, a.players, a.unit))].join('\n\n');
}

export function analysisHeader(deals: number, unit: AnalysisUnit): string {
  const whose = unit.margin ? `each player's side's result less the other side's (only the winners score: a game lost counts what the others get), in ${unit.name} (${unit.symbol})` : `each player's own result in ${unit.name} (${unit.symbol})`;
  return `Analysis of ${deals === 1 ? 'one deal' : `${deals} deals`}. Values are ${whose}: from the player's own view (the strong bot over the worlds that player could see), with all cards known in brackets. Grades by what was lost from the own view: inaccuracy from ${amount(unit.grades[0], unit)}, mistake from ${amount(unit.grades[1], unit)}, blunder from ${amount(unit.grades[2], unit)}.`;
}

export function formatDealAnalysis(d: DealAnalysis, players: readonly string[], unit: AnalysisUnit): string {
  const lines = [`Deal ${d.deal}`];
  // A card is shown when it cost something from the player's own view or with all cards known (which the player could not know: no grade then).
  const costly = (x: DecisionAnalysis) => (x.estimateCost ?? 0) > 0 || (x.cost ?? 0) > 0;
  let shown = 0;
  for (const x of d.decisions) {
    // Every decision outside the card play is judged; of the cards, those that cost something.
    if (x.card && !costly(x)) continue;
    lines.push('  ' + formatDecision(x, players, unit));
    shown++;
  }
  if (shown === 0) lines.push('  every decision was best');
  else if (!d.decisions.some((x) => x.card && costly(x))) lines.push('  every card was best');
  for (const s of d.seats) {
    const own = s.estimateCost !== undefined ? `, ${amount(s.estimateCost, unit)} lost from own view` : '';
    lines.push(
      `  ${players[s.seat]}: ${plural(s.decisions, 'decision')}, ${plural(s.inaccuracies, 'inaccuracy', 'inaccuracies')}, ${plural(s.mistakes, 'mistake')}, ${plural(s.blunders, 'blunder')}${own}, ${amount(s.cost, unit)} with all cards known`,
    );
  }
  if (d.declarers && d.declarers.curve.length > 0) {
    const who = d.declarers.seats.map((s) => players[s]).join(' and ');
    const points = d.declarers.curve.map((p) => `${p.trick}: ${p.value === null ? '?' : signed(p.value, unit)}`).join(', ');
    lines.push(`  ${who}, expected result with all cards known after each trick: ${points}`);
  }
  if (d.standings && d.standings.curve.length > 0) {
    // Where every seat plays for himself (a Ramsch): each seat's card points after each trick, marked where the others can make it pay.
    lines.push(`  Card points after each trick ("!": the three others can make the player pay, with all cards known; "?": not solved):`);
    for (let q = 0; q < players.length; q++) {
      const points = d.standings.curve.map((p) => `${p.seats[q].taken}${p.seats[q].pays === null ? '?' : p.seats[q].pays ? '!' : ''}`).join(', ');
      lines.push(`    ${players[q]}: ${points}`);
    }
  }
  return lines.join('\n');
}

function formatDecision(x: DecisionAnalysis, players: readonly string[], unit: AnalysisUnit): string {
  const who = players[x.seat];
  // Outside the card play the decision in words where the notation does not say it: "no Stoß (weiter)", "bid weiter".
  const words = x.what === undefined ? x.action : x.what.toLowerCase().endsWith(x.action.toLowerCase()) ? x.what : `${x.what} (${x.action})`;
  const what = x.card && x.what === undefined ? `Trick ${x.trick}, ${who} ${x.lead ? 'led' : 'played'} ${x.action}` : `${x.trick === 0 ? 'Before the play' : `Trick ${x.trick}`}, ${who}: ${words}`;
  const grade = x.grade ? ` (${x.grade})` : '';
  // A stake decision (raising) is valued by the side's points less the other side's: the own score cannot judge it (said once in the header where every value is).
  const stake = x.stake && !unit.margin ? "; the side's points less the other side's" : '';
  return `${what}: ${judge(x.action, x.estimate, unit)}${x.solver ? ` [all cards known: ${judge(x.action, x.solver, unit)}]` : ''}${grade}${stake}`;
}

/**
 * Whether the choice taken is best as a reader sees it (`values` best first, a value shown by `shown`): none is worth
 * more, or what it cost lies below the decimals shown and reads as 0 (the cost, not the two values, each rounded:
 * −1.004 and −1.006 read "−1" and "−1.01" but cost "0"). A tie names no "better" choice of the same value, at the
 * terminal and in the browser alike.
 */
export function takenIsBest(values: readonly { action: string; value: number }[], action: string, shown: (value: number) => string): boolean {
  const taken = values.find((v) => v.action === action)?.value;
  return taken !== undefined && values.length > 0 && (taken >= values[0].value || shown(values[0].value - taken) === shown(0));
}

/** "−20 ct; best SA: +10 ct", or "+10 ct, best" for a best choice (`takenIsBest`). */
function judge(action: string, values: readonly { action: string; value: number }[] | undefined, unit: AnalysisUnit): string {
  if (!values || values.length === 0) return 'not valued';
  const mine = values.find((v) => v.action === action);
  if (!mine) return 'not valued';
  if (takenIsBest(values, action, (x) => signed(x, unit))) return `${signed(mine.value, unit)}, best`;
  return `${signed(mine.value, unit)}; best ${values[0].action}: ${signed(values[0].value, unit)}`;
}

/**
 * The decimals a value in the unit shows at most, in the terminal as in the browser (formatValue in
 * src/web/client/analysis.tsx): cents to a tenth (a mean over worlds is rarely whole; more is noise), other units
 * (game points, points) to a hundredth.
 */
export const unitDecimals = (unit: Pick<AnalysisUnit, 'symbol'>) => (unit.symbol === 'ct' ? 1 : 2);
/** A value in the unit, always signed, written as money is (src/core/numbers.ts): "+10 ct", "−256,3 ct", "−0,5 GP", "±0 pt" (the sign of the value as shown: −0.01 ct is "±0 ct"). */
export const signed = (x: number, unit: Pick<AnalysisUnit, 'symbol'>) => `${signedDecimal(x, unitDecimals(unit))} ${unit.symbol}`;
/** An amount lost in the unit, without a sign: "30 ct", "1,5 GP". */
const amount = (x: number, unit: AnalysisUnit) => `${decimal(Math.abs(x), unitDecimals(unit))} ${unit.symbol}`;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
