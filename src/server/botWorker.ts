import { parentPort } from 'node:worker_threads';
import { SeededRng } from '../core/rng.js';
import type { Agent } from '../games/agent.js';
import type { GameTypes } from '../games/game.js';
import { gameById } from '../games/registry.js';
import { botLevels, type AgentStats, type BotLevels } from '../search/pimc.js';
import { analyzeGameRecord } from '../search/analysis.js';
import type { AnalyzeReply } from './botPool.js';
import { hint } from '../search/hint.js';
import { strongOptions } from '../search/pimc.js';
import type { HintReply, HintRequest, ThinkReply, ThinkRequest } from './thinking.js';

/**
 * A worker thread of the bot pool (botPool.ts): takes one decision at a
 * time for a thinking bot from the seat's view and legal actions, and
 * answers with the chosen action in the game's notation. Agents are kept
 * per deal and seat (a thinking bot counts its departures from the easy
 * bot within a deal), the most recent few hundred of them. It also
 * analyses game records at low priority (BotPool.analyze).
 */
const MAX_AGENTS = 256;
/** The level a table names, as `botLevels` keys it. */
const LEVEL_KEYS: Record<ThinkRequest['level'], keyof BotLevels<GameTypes>> = { medium: 'medium', strong: 'strong', 'strong-1': 'strong1' };
const agents = new Map<string, Agent<GameTypes>>();

async function decide(r: ThinkRequest): Promise<{ action: string; capped: boolean }> {
  const module = gameById(r.game);
  if (!module) throw new Error(`unknown game ${r.game}`);
  const { game } = module;
  const rules = r.rules as GameTypes['rules'];
  const key = `${r.agent}|${r.level}|${r.thinkMs ?? ''}`;
  let agent = agents.get(key);
  if (!agent) {
    const levels = botLevels(module, r.thinkMs);
    if (!levels) throw new Error(`${game.title} has no thinking bots`);
    agent = levels[LEVEL_KEYS[r.level]].create(rules, r.seat, new SeededRng(r.seed));
    agents.set(key, agent);
    if (agents.size > MAX_AGENTS) agents.delete(agents.keys().next().value as string);
  } else {
    // Most recently used last.
    agents.delete(key);
    agents.set(key, agent);
  }
  const legal = [];
  for (const text of r.legal) {
    const a = game.parseAction(rules, text);
    if (!a.ok) throw new Error(`bad legal action ${text}: ${a.error.message}`);
    legal.push(a.value);
  }
  if (legal.length === 0) throw new Error('no legal action');
  // Less time than the level's own: the decision waited for this worker (see BotPool).
  if (r.budgetMs !== undefined && 'limitNext' in agent && typeof agent.limitNext === 'function') (agent.limitNext as (ms: number) => void)(r.budgetMs);
  const stats = (agent as { stats?: AgentStats }).stats;
  const cappedBefore = stats?.capped ?? 0;
  const chosen = await agent.choose(r.view as GameTypes['view'], legal, r.seat);
  return { action: game.formatAction(rules, chosen), capped: (stats?.capped ?? 0) > cappedBefore };
}

/** A hint (issue 22): the strong bot's choice and estimates from the seat's view, with a fresh agent for the one decision. */
async function advise(r: HintRequest): Promise<Extract<HintReply, { ok: true }>['hint']> {
  const module = gameById(r.game);
  if (!module) throw new Error(`unknown game ${r.game}`);
  const rules = r.rules as GameTypes['rules'];
  const legal = [];
  for (const text of r.legal) {
    const a = module.game.parseAction(rules, text);
    if (!a.ok) throw new Error(`bad legal action ${text}: ${a.error.message}`);
    legal.push(a.value);
  }
  return hint(module, rules, r.view as GameTypes['view'], r.seat, legal, new SeededRng(r.seed), r.thinkMs === undefined ? strongOptions(module) : { ...strongOptions(module), thinkMs: r.thinkMs });
}

const port = parentPort;
if (!port) throw new Error('botWorker.js runs as a worker thread');
/** Analyses run one at a time, each yielding to waiting decisions after every decision it analyses. */
let analyses: Promise<void> = Promise.resolve();
const yieldToDecisions = () => new Promise<void>((resolve) => setImmediate(resolve));

port.on('message', (m: { id: number; request: ThinkRequest } | { id: number; analyze: { record: unknown; seed: string } } | { id: number; hint: HintRequest }) => {
  const t0 = performance.now();
  if ('hint' in m) {
    advise(m.hint).then(
      (h) => port.postMessage({ id: m.id, ok: true, hint: h, ms: performance.now() - t0 } satisfies HintReply),
      (e: unknown) => port.postMessage({ id: m.id, ok: false, message: e instanceof Error ? e.message : String(e) } satisfies HintReply),
    );
    return;
  }
  if ('analyze' in m) {
    const { record, seed } = m.analyze;
    analyses = analyses.then(() =>
      analyzeGameRecord(record, { seed, pause: yieldToDecisions }).then(
        (a) => port.postMessage({ id: m.id, ok: true, analysis: JSON.stringify(a), ms: performance.now() - t0 } satisfies AnalyzeReply),
        (e: unknown) => port.postMessage({ id: m.id, ok: false, message: e instanceof Error ? e.message : String(e) } satisfies AnalyzeReply),
      ),
    );
    return;
  }
  decide(m.request).then(
    ({ action, capped }) => port.postMessage({ id: m.id, ok: true, action, capped, ms: performance.now() - t0 } satisfies ThinkReply),
    (e: unknown) => port.postMessage({ id: m.id, ok: false, message: e instanceof Error ? e.message : String(e) } satisfies ThinkReply),
  );
});
