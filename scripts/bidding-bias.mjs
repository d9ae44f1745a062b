// Bidding by search (issue 23): how much a solve with all cards known overrates the declaring side (src/search/declarerBias.ts).
// node scripts/bidding-bias.mjs GAME PRESET DEALS SEED (PRESET may be empty).
import { GAMES } from '../dist/games/registry.js';
import { resolveRules } from '../dist/games/ruleBook.js';
import { botLevels } from '../dist/search/pimc.js';
import { measureDeclarerBias } from '../dist/search/declarerBias.js';
const [which, preset, deals, seed] = process.argv.slice(2);
const m = GAMES.find((g) => g.game.id === which);
const rules = resolveRules(m.game.ruleBook, preset || undefined, {}).value;
const levels = botLevels(m, { samples: 8, nodes: 20000, thinkMs: 60000 });
const c0 = process.cpuUsage();
const r = await measureDeclarerBias(m, rules, { deals: +deals, seed, player: (seat, rng) => levels.strong.create(rules, seat, rng) });
console.log(JSON.stringify({ which, preset, seed, ...r, cpuS: (process.cpuUsage(c0).user / 1e6).toFixed(0) }));
