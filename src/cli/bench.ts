import { BENCHES } from './benches.js';

/** `stich bench`: complete deals per second per game, on one thread. */
export function benchCommand(opts: { json?: boolean; seconds?: string }, out: NodeJS.WritableStream): number {
  const seconds = opts.seconds === undefined ? 2 : Number(opts.seconds);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error(`--seconds must be a positive number, not "${opts.seconds}"`);
  const report: Record<string, Record<string, number>> = {};
  for (const b of BENCHES) {
    if (!opts.json) out.write(`${b.game} …\n`);
    report[b.game] = b.run(seconds * 1000);
    if (!opts.json) for (const [k, v] of Object.entries(report[b.game])) out.write(`  ${k}: ${Math.round(v).toLocaleString('en')}\n`);
  }
  if (opts.json) out.write(JSON.stringify(report) + '\n');
  return 0;
}
