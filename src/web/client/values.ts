import { decimal, signedDecimal } from '../../core/numbers.js';
import type { Lang } from '../../games/present.js';
import type { AnalysisUnit } from '../../search/analysis.js';
import { unitDecimals } from '../../search/analysisText.js';

/**
 * A value in the game's unit: "−20 ct", "+38,5 ct", "+1,5 Pkt."; as many decimals as at the terminal (unitDecimals),
 * with the decimal comma and the minus sign "−" of money in both languages (src/core/numbers.ts); 0 unsigned.
 */
export function formatValue(v: number, unit: Pick<AnalysisUnit, 'symbol'>, lang: Lang, signed = true): string {
  const cents = unit.symbol === 'ct';
  const n = signed ? signedDecimal(v, unitDecimals(unit), '0') : decimal(v, unitDecimals(unit));
  const symbol = lang === 'de' && !cents ? 'Pkt.' : unit.symbol;
  return `${n}\u00a0${symbol}`;
}
