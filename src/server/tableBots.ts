import { CryptoRng, SeededRng } from '../core/rng.js';
import type { Agent } from '../games/agent.js';
import type { GameTypes, Seat } from '../games/game.js';
import { dealState } from './core/log.js';
import { botControlled, toAct } from './core/read.js';
import type { Command, Effect, Reply, TableContext, TableState } from './core/types.js';
import type { ThinkReply, ThinkRequest } from './thinking.js';

type T = GameTypes;

/** What the bots of one table need from its shell. */
export interface BotHost {
  readonly ctx: TableContext;
  readonly state: TableState;
  /** Runs a command now (inside the table's queue). */
  run(command: Command): Promise<Reply>;
  /** Runs work through the table's queue (from outside it). */
  enqueue(work: () => Promise<void>): Promise<void>;
  think?(request: ThinkRequest): Promise<ThinkReply>;
  warn(data: object, message: string): void;
}

/**
 * The shell's side of a bot turn (the core's `decide` effect): the game's
 * own bots decide at once from the seat's view; a thinking bot (medium,
 * strong) decides in a worker thread of the bot pool, outside the table's
 * queue, and its choice comes back as a `botAction` command that the core
 * refuses if the deal has moved on. If the worker fails, or cannot answer
 * within the level's time (the pool is busy), the easy bot decides.
 */
export class TableBots {
  private readonly agents = new Map<string, Agent<T>>();
  private sitting = -1;

  constructor(private readonly host: BotHost) {}

  /** The seat's bot (its level, or the game's own bot), or the bot of `level`; one per seat and level for the sitting. */
  private agentFor(seat: Seat, level?: string): Agent<T> {
    const { ctx, state } = this.host;
    if (state.sitting.sittingNo !== this.sitting) {
      this.agents.clear();
      this.sitting = state.sitting.sittingNo;
    }
    const o = state.sitting.seats[seat];
    const kind = level ?? (o.kind === 'bot' && ctx.module.bots[o.bot] ? o.bot : ctx.module.defaultBot);
    const key = `${seat}:${kind}`;
    let agent = this.agents.get(key);
    if (!agent) this.agents.set(key, (agent = ctx.module.bots[kind].create(ctx.settings.rules, seat, new SeededRng(new CryptoRng().int(2 ** 32)))));
    return agent;
  }

  async decide(e: Extract<Effect, { type: 'decide' }>): Promise<void> {
    const { ctx, state } = this.host;
    const { game } = ctx.module;
    const rules = ctx.settings.rules;
    const deal = dealState(state.sitting);
    const acting = toAct(ctx, state.sitting);
    const act = (seat: Seat, action: unknown) => this.play(seat, e.moves, game.formatAction(rules, action));
    // Unasked actions of bot-played seats first (table talk), as the CLI's loop offers them.
    for (const other of game.mayAct(deal)) {
      if (other === e.seat || !botControlled(state, other) || acting.includes(other)) continue;
      const agent = this.agentFor(other);
      if (!agent.interject) continue;
      const free = game.legal(deal, other);
      if (free.length === 0) continue;
      const said = await agent.interject(game.view(deal, other), free, other);
      if (said !== undefined) return void (await act(other, said));
    }
    const legal = game.legal(deal, e.seat);
    if (legal.length === 0) return;
    const think = this.host.think;
    // A thinking bot's forced decisions go the same way as the others, so that they take as long.
    if (e.thinking && think) {
      const request: ThinkRequest = {
        agent: `${ctx.id}:${state.sitting.sittingNo}:${state.sitting.dealStates.length - 1}:${e.seat}`,
        game: ctx.settings.game,
        rules,
        level: e.thinking,
        seat: e.seat,
        seed: new CryptoRng().int(2 ** 32),
        view: game.view(deal, e.seat),
        legal: legal.map((a) => game.formatAction(rules, a)),
      };
      void think(request)
        .then((reply) => this.host.enqueue(() => this.thought(e.seat, e.moves, reply)))
        .catch((err: unknown) => this.host.warn({ seat: e.seat, err: String(err) }, 'bot turn failed'));
      return;
    }
    await act(e.seat, await this.agentFor(e.seat).choose(game.view(deal, e.seat), legal, e.seat));
  }

  /** A thinking bot's answer, inside the table's queue: its action, or the easy bot's when it could not decide. */
  async thought(seat: Seat, moves: number, reply: ThinkReply): Promise<void> {
    const { ctx, state } = this.host;
    if (state.sitting.moves !== moves || state.live.closed) return;
    const { game } = ctx.module;
    if (reply.ok && game.parseAction(ctx.settings.rules, reply.action).ok) return void (await this.play(seat, moves, reply.action));
    // Late (the pool was busy): expected under load, counted by the pool (stich_bot_late_total), not worth a warning each.
    if (reply.ok || !reply.late) this.host.warn({ seat, problem: reply.ok ? `unreadable action ${reply.action}` : reply.message }, 'a thinking bot could not decide: the easy bot decides');
    const deal = dealState(state.sitting);
    const legal = game.legal(deal, seat);
    if (legal.length === 0) return;
    const action = await this.agentFor(seat).choose(game.view(deal, seat), legal, seat);
    await this.play(seat, moves, game.formatAction(ctx.settings.rules, action));
  }

  /**
   * A bot's action, inside the table's queue. One the core refuses as illegal (a bug, logged by the core) must not leave the
   * deal waiting for ever: the game's own bot decides instead, and if that is refused too, the seat's first legal action.
   */
  private async play(seat: Seat, moves: number, action: string): Promise<void> {
    const r = await this.host.run({ type: 'botAction', seat, action, moves });
    if (r.ok || r.code === 'notPlaying') return;
    const { ctx, state } = this.host;
    const { game } = ctx.module;
    const rules = ctx.settings.rules;
    const deal = dealState(state.sitting);
    const legal = game.legal(deal, seat);
    if (legal.length === 0) return;
    const chosen = game.formatAction(rules, await this.agentFor(seat, ctx.module.defaultBot).choose(game.view(deal, seat), legal, seat));
    const first = game.formatAction(rules, legal[0]);
    this.host.warn({ seat, refused: r.code }, 'a bot\'s action was refused: another is played instead');
    for (const instead of chosen === action ? [first] : [chosen, first]) {
      const again = await this.host.run({ type: 'botAction', seat, action: instead, moves });
      if (again.ok || again.code === 'notPlaying') return;
    }
  }
}
