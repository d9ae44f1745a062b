/**
 * Amounts as stich writes them everywhere, in both languages, as money reads ("−0,50 €", formatCents in
 * src/games/schafkopf/money.ts): a decimal comma, no grouping of thousands, and the real minus sign "−" (U+2212).
 * The hint and the analysis write their values in cents and points with these at the terminal (`hint`,
 * `stich analyze`) and in the browser (Tipp, Analyse); JSON keeps plain numbers.
 */

/** The minus sign of every amount shown (not the hyphen-minus). */
export const MINUS = '\u2212';

/** `x` to at most `decimals` decimals, trailing zeros dropped: "38,5", "−0,5", "12", "1234,56"; a value that reads 0 as shown is "0" (no "−0"). */
export function decimal(x: number, decimals: number): string {
  const digits = Math.abs(x).toFixed(decimals).replace(/\.?0+$/, '').replace('.', ',');
  return digits === '0' || x >= 0 ? digits : MINUS + digits;
}

/** The same, always signed: "+38,5", "−0,5", and `zero` ("±0" by default) for a value that reads 0 as shown (−0.01 to a tenth). */
export function signedDecimal(x: number, decimals: number, zero = '±0'): string {
  const digits = decimal(Math.abs(x), decimals);
  return digits === '0' ? zero : (x > 0 ? '+' : MINUS) + digits;
}
