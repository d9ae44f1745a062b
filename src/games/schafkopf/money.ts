/** Cents as euros the German way: "+1,20 €", "-0,50 €", "0,00 €". */
export function formatCents(cents: number, signed = true): string {
  const sign = cents > 0 ? (signed ? '+' : '') : cents < 0 ? '−' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')} €`;
}
