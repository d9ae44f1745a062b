// Bidding by search (issue 23): node scripts/bidding-calib.mjs GAME PRESET DEALS SEED [SAMPLES NODES BIDNODES]
// Estimates of strong's decisions outside the card play against the deal's result for that seat (all seats strong).
import { GAMES } from '../dist/games/registry.js';
import { SeededRng } from '../dist/core/rng.js';
import { shuffleDeck } from '../dist/cards/deck.js';
import { resolveRules } from '../dist/games/ruleBook.js';
import { botLevels } from '../dist/search/pimc.js';
const [which, preset, nDeals = '10', seed = 'c1', samples = '8', nodes = '20000', bidNodes = '200000'] = process.argv.slice(2);
const m = GAMES.find((g) => g.game.id === which);
const rules = resolveRules(m.game.ruleBook, preset || undefined, {}).value;
const levels = botLevels(m, { samples: +samples, nodes: +nodes, bidNodes: +bidNodes, thinkMs: 60000 });
const rows = { deviated: [], kept: [] }; const cpu = [];
for (let d = 0; d < Number(nDeals); d++) {
  const rng = new SeededRng(`${seed}/${d}`);
  const n = m.game.seatCount(rules);
  const deck = shuffleDeck(m.game.pack(rules), rng);
  let s = m.game.setup(rules, { dealer: d % n, deck, carry: m.game.initialCarry(rules) }).value;
  const agents = Array.from({ length: n }, (_, i) => levels.strong.create(rules, i, new SeededRng(`${seed}/a${d}/${i}`)));
  const pending = [];
  for (let g = 0; g < 10000 && !m.game.outcome(s); g++) {
    const seat = m.game.toAct(s)[0];
    const legal = m.game.legal(s, seat);
    let a = legal[0];
    if (legal.length > 1) {
      const before = !m.search.load(s);
      const c0 = process.cpuUsage();
      a = await agents[seat].choose(m.game.view(s, seat), legal, seat);
      const c = process.cpuUsage(c0);
      const L = agents[seat].lastDecision();
      if (before && L && !L.cardPlay) { cpu.push((c.user + c.system) / 1000); pending.push({ seat, est: L.means[L.chosen], easyEst: L.means[L.easy], dev: L.chosen !== L.easy, text: m.game.formatAction(rules, a) }); }
    }
    s = m.game.apply(s, seat, a).value;
  }
  const score = m.game.outcome(s).score;
  for (const p of pending) (p.dev ? rows.deviated : rows.kept).push({ ...p, real: score[p.seat] });
}
const stat = (rs) => { const n = rs.length; if (!n) return { n }; const e = rs.reduce((a, r) => a + r.est, 0) / n; const r = rs.reduce((a, r) => a + r.real, 0) / n; const d = rs.map((x) => x.est - x.real); const md = e - r; const sd = Math.sqrt(d.reduce((a, x) => a + (x - md) ** 2, 0) / Math.max(1, n - 1)); return { n, meanEstimate: +e.toFixed(2), meanResult: +r.toFixed(2), bias: +md.toFixed(2), stderr: +(sd / Math.sqrt(n)).toFixed(2) }; };
const q = (a, p) => { const b = [...a].sort((x, y) => x - y); return b[Math.min(b.length - 1, Math.floor(p * b.length))]; };
console.log(JSON.stringify({ which, preset, seed, deals: +nDeals, budget: { samples, nodes, bidNodes }, deviated: stat(rows.deviated), kept: stat(rows.kept), deviations: rows.deviated.map((r) => `${r.text}:${r.est.toFixed(0)}/${r.easyEst.toFixed(0)}->${r.real}`).slice(0, 40), cpuP50: q(cpu, .5), cpuP99: q(cpu, .99) }));
