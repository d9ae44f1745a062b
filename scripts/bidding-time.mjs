// Bidding by search (issue 23), the decision times of `strong` outside the card play: node scripts/bidding-time.mjs GAME [PRESET] DEALS [SAMPLES NODES BIDNODES]
// (no argument: the live budget; the time cap lifted so that the processor time of the whole work is measured).
// Times strong's decisions outside the card play (CPU time of the process), every seat strong, seeded decks.
import { GAMES } from '../dist/games/registry.js';
import { SeededRng } from '../dist/core/rng.js';
import { shuffleDeck } from '../dist/cards/deck.js';
import { resolveRules } from '../dist/games/ruleBook.js';
import { botLevels } from '../dist/search/pimc.js';
const [which, preset, nDeals = '10', samples, nodes, bidNodes] = process.argv.slice(2);
const m = GAMES.find((g) => g.game.id === which);
const rules = resolveRules(m.game.ruleBook, preset || undefined, {}).value;
const budget = { thinkMs: 60000, samples: samples ? +samples : 24, ...(nodes ? { nodes: +nodes } : {}), ...(bidNodes ? { bidNodes: +bidNodes } : {}) };
const levels = botLevels(m, budget);
const cpu = []; const wall = []; let deviated = 0; let capped = 0;
const agentsAll = [];
for (let d = 0; d < Number(nDeals); d++) {
  const rng = new SeededRng(`t${d}`);
  const n = m.game.seatCount(rules);
  const deck = shuffleDeck(m.game.pack(rules), rng);
  let s = m.game.setup(rules, { dealer: d % n, deck, carry: m.game.initialCarry(rules) }).value;
  const agents = Array.from({ length: n }, (_, i) => levels.strong.create(rules, i, new SeededRng(`a${d}/${i}`)));
  agentsAll.push(...agents);
  const easy = Array.from({ length: n }, (_, i) => m.bots.easy.create(rules, i, new SeededRng(`e${d}/${i}`)));
  for (let g = 0; g < 1000; g++) {
    if (m.game.outcome(s)) break;
    if (m.search.load(s)) break;
    const seat = m.game.toAct(s)[0];
    const legal = m.game.legal(s, seat);
    let a = legal[0];
    if (legal.length > 1) {
      const c0 = process.cpuUsage(); const t0 = performance.now();
      a = await agents[seat].choose(m.game.view(s, seat), legal, seat);
      const c = process.cpuUsage(c0); cpu.push((c.user + c.system) / 1000); wall.push(performance.now() - t0);
      const ea = await easy[seat].choose(m.game.view(s, seat), legal, seat);
      if (m.game.formatAction(rules, ea) !== m.game.formatAction(rules, a)) deviated++;
    }
    s = m.game.apply(s, seat, a).value;
  }
}
const q = (a, p) => { const b = [...a].sort((x, y) => x - y); return b[Math.min(b.length - 1, Math.floor(p * b.length))]; };
const st = agentsAll.reduce((acc, ag) => { acc.capped += ag.stats.capped; const b = ag.stats.beyondPlay; if (b) { acc.solved += b.solved; acc.outOfNodes += b.outOfNodes; acc.playedOut += b.playedOut; } return acc; }, { capped: 0, solved: 0, outOfNodes: 0, playedOut: 0 });
console.log(JSON.stringify({ which, preset, budget, decisions: cpu.length, cpuP50: q(cpu, .5).toFixed(1), cpuP99: q(cpu, .99).toFixed(1), cpuMax: Math.max(...cpu).toFixed(1), wallP50: q(wall, .5).toFixed(1), wallP99: q(wall, .99).toFixed(1), deviatedFromEasy: deviated, ...st }));
