import { describe, expect, it } from 'vitest';
import type { SchafkopfTypes } from './game.js';
import { randomAgent } from '../agent.js';
import { shuffleDeck } from '../../cards/deck.js';
import { formatCard } from '../../cards/notation.js';
import { cardOf, type Card } from '../../cards/pack.js';
import { SeededRng, type Rng } from '../../core/rng.js';
import type { Seat } from '../game.js';
import { schafkopfModule } from './module.js';
import { playSitting } from '../../sitting/play.js';
import { parseRecord, replayRecord, toRecord, type GameRecord } from '../../records/record.js';
import { parseAction, sameAction, type SchafkopfAction } from './notation.js';
import { announceableGames } from './bidding.js';
import { schafkopfPack } from './cards.js';
import { schafkopf } from './game.js';
import type { SchafkopfRules } from './rules.js';
import type { SchafkopfOutcome } from './scoring.js';
import type { SchafkopfState } from './state.js';
import { rulesOf } from './testing.js';

/**
 * Property tests over seeded random deals, for both presets and several
 * house-rule combinations. A deal is driven by a random chooser that passes
 * more often than uniform in the bidding (so that all-pass deals happen) and
 * otherwise picks uniformly among the legal actions. At every step:
 * - every legal action applies, and its notation reads back as itself;
 * - illegal actions (wrong seat, no seat, a card not held, a card held but
 *   not legal, actions of another phase, bids not offered, a Stoß not
 *   allowed, anything after the end) are refused with a StichError and the
 *   state is unchanged (JSON and deep equal);
 * - no view holds a card its seat may not know, and a view does not change
 *   when cards the seat cannot see trade places (which also keeps the
 *   partner of a Rufspiel hidden until the called Sau falls);
 * and at the end every card was played exactly once by the seat dealt it,
 * and the payouts plus the Stock sum to zero.
 */

const CONFIGS: { name: string; rules: SchafkopfRules; deals: number }[] = [
  { name: 'aumer-koller', rules: rulesOf('aumer-koller'), deals: 600 },
  { name: 'sauspiel', rules: rulesOf('sauspiel'), deals: 600 },
  {
    name: 'every exotic game, Bettel with Stichzwang, Mussspiel, Stoß to depth 4',
    rules: rulesOf('aumer-koller', { farbwenz: true, geier: true, farbgeier: true, bettel: true, bettelStichzwang: true, allPass: 'mussspiel', stossDepth: 4 }),
    deals: 500,
  },
  { name: 'kurze Karte, Klopfen, Bettel, Stock', rules: rulesOf('aumer-koller', { kurzeKarte: true, klopfen: true, bettel: true, allPass: 'stock' }), deals: 400 },
  { name: 'sauspiel with Bock when all pass, Laufende from 1', rules: rulesOf('sauspiel', { allPass: 'bock', laufendeFromRufspiel: 1, laufendeFromSolo: 1 }), deals: 250 },
  {
    name: 'Ramsch with Durchmarsch by points and Jungfrau, no Stoß, no tout',
    rules: rulesOf('aumer-koller', { ramschDurchmarsch: 'points', ramschDurchmarschPoints: 91, ramschJungfrau: 'doubleIndividuallyMultiple', stoss: false, tout: false }),
    deals: 300,
  },
];

const VIEW_FIELDS = ['bids', 'carry', 'contract', 'dealer', 'events', 'hand', 'handSizes', 'klopfer', 'outcome', 'partner', 'phase', 'rules', 'searched', 'seat', 'shown', 'stoss', 'toAct', 'trick', 'tricks'];

const maskOf = (cards: readonly Card[]) => cards.reduce((m, c) => m | (1 << c), 0) >>> 0;

/** A plain assertion for the hot loops (vitest's expect is too slow to call a million times). */
function assert(condition: boolean, message: () => string): void {
  if (!condition) throw new Error(message());
}

/** A random but plausible choice: pass often in the bidding, give Stoß and knock now and then. */
function choose(rng: Rng, state: SchafkopfState, legal: SchafkopfAction[]): SchafkopfAction {
  const weiter = legal.find((a) => a.type === 'weiter');
  if (weiter && state.phase === 'bidding' && rng.int(10) < 6) return weiter;
  if (weiter && (state.phase === 'stoss' || state.phase === 'klopfen') && rng.int(10) < 7) return weiter;
  return legal[rng.int(legal.length)];
}

function CardSetSize(m: number): number {
  let n = 0;
  for (let x = m; x !== 0; x &= x - 1) n++;
  return n;
}

function playedCards(state: SchafkopfState): number {
  let m = 0;
  for (const t of state.tricks) for (const c of t.cards) m |= 1 << c;
  if (state.trick) for (const c of state.trick.cards) m |= 1 << c;
  return m >>> 0;
}

/** Swaps cards x and y wherever they sit in hands, dealt and first halves. */
function swapped(state: SchafkopfState, x: Card, y: Card): SchafkopfState {
  const swap = (m: number) => (((m >> x) & 1) !== ((m >> y) & 1) ? (m ^ (1 << x) ^ (1 << y)) >>> 0 : m);
  return { ...state, hands: state.hands.map(swap), dealt: state.dealt.map(swap), firstHalf: state.firstHalf.map(swap) };
}

function checkView(state: SchafkopfState, seat: Seat, rng: Rng, swaps: boolean, where: string): void {
  const v = schafkopf.view(state, seat);
  assert(Object.keys(v).sort().join() === VIEW_FIELDS.join(), () => `${where}: view fields ${Object.keys(v).sort().join()}`);
  const own = state.phase === 'klopfen' ? state.firstHalf[seat] : state.hands[seat];
  assert(maskOf(v.hand) === own && v.hand.length === CardSetSize(own), () => `${where}: seat ${seat}'s view holds ${JSON.stringify(v.hand)}, not its own hand`);
  const played = playedCards(state);
  const sie = state.contract?.kind === 'sie' ? state.dealt[state.contract.declarer!] : 0;
  const known = (own | played | sie) >>> 0;
  const seen: Card[] = [...(v.trick?.cards ?? []), ...v.tricks.flatMap((t) => t.cards), ...(v.shown ?? [])];
  for (const e of v.events) {
    if (e.type === 'card') seen.push(e.card);
    if (e.type === 'trick' || e.type === 'sie') seen.push(...e.cards);
  }
  for (const c of seen) assert(((known >> c) & 1) === 1, () => `${where}: seat ${seat} sees card ${c} it may not know`);
  // The partner of a Rufspiel: known to himself, to all once the Sau fell or he answered a Stoß, or at the end.
  assert(v.partner === null || v.partner === seat || state.phase === 'done' || played !== 0 || state.stoss.length > 1, () => `${where}: seat ${seat} knows the partner too early`);
  if (!swaps || state.contract?.kind === 'sie') return;
  // Cards the seat cannot see: the other seats' hands, and in the Klopfen round its own second half.
  const hidden = (state.phase === 'klopfen' ? state.hands.reduce((m, h) => m | h, 0) & ~own : state.hands.reduce((m, h, s) => (s === seat ? m : m | h), 0)) >>> 0;
  const holder = (c: Card) => state.hands.findIndex((h) => ((h >> c) & 1) === 1);
  const cards = [...Array(32).keys()].filter((c) => ((hidden >> c) & 1) === 1);
  if (cards.length < 2) return;
  // In a Rufspiel, trade the called Sau itself now and then: nobody but its holder may notice.
  const called = state.contract?.kind === 'rufspiel' ? cardOf(schafkopfPack(state.rules.kurzeKarte), state.contract.suit!, 'A') : undefined;
  const sau = cards.find((c) => c === called);
  const before = JSON.stringify(v);
  for (let k = 0; k < 2; k++) {
    const x = k === 0 && sau !== undefined ? sau : cards[rng.int(cards.length)];
    const y = cards[rng.int(cards.length)];
    if (x === y || holder(x) === holder(y)) continue;
    assert(JSON.stringify(schafkopf.view(swapped(state, x, y), seat)) === before, () => `${where}: seat ${seat}'s view changes when hidden cards ${x} and ${y} trade places`);
  }
}

/** Actions the rules must refuse now, with the error code they must give. */
function illegalCandidates(state: SchafkopfState, legal: SchafkopfAction[], rng: Rng): [Seat, SchafkopfAction, string][] {
  const out: [Seat, SchafkopfAction, string][] = [];
  const turn = state.turn;
  const pack = schafkopfPack(state.rules.kurzeKarte);
  const offered = (a: SchafkopfAction) => legal.some((b) => sameAction(a, b));
  if (state.phase === 'done') {
    for (const seat of [0, 1, 2, 3]) out.push([seat, { type: 'weiter' }, 'dealOver'], [seat, { type: 'play', card: rng.int(pack.size) }, 'dealOver']);
    return out;
  }
  const any = legal[rng.int(legal.length)];
  for (let s = 1; s < 4; s++) out.push([(turn + s) % 4, any, 'notYourTurn']);
  out.push([4, any, 'badSeat'], [-1, any, 'badSeat']);
  const card: SchafkopfAction = { type: 'play', card: rng.int(pack.size) };
  const bid: SchafkopfAction = { type: 'bid', game: announceableGames(state.rules)[0] };
  const phaseWrong: SchafkopfAction[] =
    state.phase === 'klopfen' ? [card, bid, { type: 'stoss' }]
    : state.phase === 'bidding' || state.phase === 'mussspiel' ? [card, { type: 'stoss' }, { type: 'klopfen' }]
    : state.phase === 'stoss' ? [card, bid, { type: 'klopfen' }]
    : [bid, { type: 'weiter' }, { type: 'stoss' }, { type: 'klopfen' }];
  for (const a of phaseWrong) out.push([turn, a, 'wrongAction']);
  out.push([turn, { type: 'bid', game: { kind: 'solo' } } as SchafkopfAction, 'badAction']);
  if (state.phase === 'bidding' || state.phase === 'mussspiel') {
    for (const g of announceableGames(state.rules)) {
      const a: SchafkopfAction = { type: 'bid', game: g };
      if (!offered(a)) out.push([turn, a, 'illegalBid']);
    }
    out.push([turn, { type: 'bid', game: { kind: 'ramsch' } }, 'illegalBid']);
    if (state.phase === 'mussspiel') out.push([turn, { type: 'weiter' }, 'mustPlay']);
  }
  if (state.phase === 'stoss' && !offered({ type: 'stoss' })) out.push([turn, { type: 'stoss' }, 'illegalStoss']);
  if (state.phase === 'play') {
    const hand = state.hands[turn];
    const others = [...Array(pack.size).keys()].filter((c) => ((hand >> c) & 1) === 0);
    for (let k = 0; k < 3; k++) out.push([turn, { type: 'play', card: others[rng.int(others.length)] }, 'notInHand']);
    for (let c = 0; c < pack.size; c++) {
      if (((hand >> c) & 1) === 1 && !offered({ type: 'play', card: c })) out.push([turn, { type: 'play', card: c }, 'illegalCard']);
    }
    out.push([turn, { type: 'play', card: pack.size }, 'badCard']);
  }
  return out;
}

/** The codes of a card the rules forbid now ("illegalCard" in the candidates): each names the duty broken, with the card in its parameters. */
const CARD_REFUSALS: readonly string[] = ['mustLeadSau', 'mustFollow', 'mustPlaySau', 'mustBeat', 'keepSau', 'illegalCard'];

interface Tally {
  deals: number;
  played: number;
  thrownIn: number;
  kinds: Record<string, number>;
  illegal: number;
  applied: number;
}

function runDeal(rules: SchafkopfRules, seed: number, tally: Tally): SchafkopfOutcome {
  const rng = new SeededRng(seed);
  const pack = schafkopfPack(rules.kurzeKarte);
  const deck = shuffleDeck(pack, rng);
  const dealer = rng.int(4);
  const carry = { stock: [0, 0, 40][rng.int(3)], bock: rng.int(4) === 0 ? 1 : 0 };
  const setup = schafkopf.setup(rules, { dealer, deck, carry });
  if (!setup.ok) throw new Error(setup.error.message);
  let state = setup.value;
  // Every tenth deal is checked in full at every step (all illegal candidates, every view with hidden
  // cards traded); the others try a few illegal actions and one view per step.
  const thorough = seed % 10 === 0;
  for (let step = 0; state.phase !== 'done'; step++) {
    const where = `seed ${seed} step ${step}`;
    assert(step < 80, () => `${where}: the deal does not end`);
    const turn = state.turn;
    const toAct = schafkopf.toAct(state);
    assert(toAct.length === 1 && toAct[0] === turn, () => `${where}: toAct ${JSON.stringify(toAct)}`);
    const legal = schafkopf.legal(state, turn);
    assert(legal.length > 0, () => `${where}: seat ${turn} has no legal action`);
    assert(schafkopf.legal(state, (turn + 1 + rng.int(3)) % 4).length === 0, () => `${where}: a seat not to act has legal actions`);
    const before = JSON.stringify(state);
    for (const a of legal) {
      const r = schafkopf.apply(state, turn, a);
      assert(r.ok, () => `${where}: legal ${JSON.stringify(a)} refused: ${r.ok ? '' : r.error.message}`);
      const text = schafkopf.formatAction(rules, a);
      const back = parseAction(pack, text);
      assert(back.ok && sameAction(back.value, a), () => `${where}: "${text}" does not read back`);
      tally.applied++;
    }
    const candidates = illegalCandidates(state, legal, rng);
    const tried = thorough ? candidates : [0, 1, 2].map(() => candidates[rng.int(candidates.length)]);
    for (const [seat, a, code] of tried) {
      const r = schafkopf.apply(state, seat, a);
      assert(!r.ok, () => `${where}: seat ${seat} ${JSON.stringify(a)} was accepted`);
      if (!r.ok) {
        const same = code === 'illegalCard' ? CARD_REFUSALS.includes(r.error.code) && typeof r.error.params?.card === 'string' : r.error.code === code;
        assert(same, () => `${where}: seat ${seat} ${JSON.stringify(a)}: ${r.error.code} (${r.error.message}), expected ${code}`);
        assert(typeof r.error.message === 'string' && r.error.message.length > 5, () => `${where}: no message`);
      }
      tally.illegal++;
    }
    assert(JSON.stringify(state) === before, () => `${where}: a refused or tried action changed the state`);
    if (thorough) for (const seat of [0, 1, 2, 3]) checkView(state, seat, rng, true, where);
    else checkView(state, rng.int(4), rng, false, where);
    const r = schafkopf.apply(state, turn, choose(rng, state, legal));
    if (!r.ok) throw new Error(r.error.message);
    state = r.value;
  }
  const snapshot = structuredClone(state);
  for (const [seat, a, code] of illegalCandidates(state, [], rng)) {
    const r = schafkopf.apply(state, seat, a);
    assert(!r.ok && r.error.code === code, () => `seed ${seed}: after the end seat ${seat} ${JSON.stringify(a)}: ${r.ok ? 'accepted' : r.error.code}`);
  }
  if (thorough) expect(state).toEqual(snapshot);
  for (const seat of [0, 1, 2, 3]) checkView(state, seat, rng, false, `seed ${seed} end`);

  const o = schafkopf.outcome(state)!;
  assert(o !== undefined, () => `seed ${seed}: no outcome`);
  assert(o.score.reduce((a, b) => a + b, 0) + o.stock === 0, () => `seed ${seed}: payouts ${JSON.stringify(o.score)} and Stock ${o.stock} do not sum to zero`);
  assert(o.score.every(Number.isInteger), () => `seed ${seed}: fractional payout`);
  tally.deals++;
  const kind = o.thrownIn ? 'thrown in' : `${o.contract!.kind}${o.contract!.tout ? '-tout' : ''}`;
  tally.kinds[kind] = (tally.kinds[kind] ?? 0) + 1;
  if (o.thrownIn || o.contract?.kind === 'sie') {
    tally.thrownIn++;
    assert(state.tricks.length === 0, () => `seed ${seed}: tricks in a deal not played`);
    return o;
  }
  tally.played++;
  // Every card played exactly once, each by the seat that was dealt it; each trick led by the previous winner.
  const perHand = pack.size / 4;
  assert(state.tricks.length === perHand, () => `seed ${seed}: ${state.tricks.length} tricks`);
  const byCard = new Map<Card, Seat>();
  let leader = (dealer + 1) % 4;
  for (const t of state.tricks) {
    assert(t.leader === leader && t.cards.length === 4, () => `seed ${seed}: trick led by ${t.leader}, not ${leader}`);
    t.cards.forEach((c, i) => {
      assert(!byCard.has(c), () => `seed ${seed}: ${formatCard(pack, c)} played twice`);
      byCard.set(c, (t.leader + i) % 4);
    });
    leader = t.winner;
  }
  assert(byCard.size === pack.size, () => `seed ${seed}: ${byCard.size} cards played`);
  for (const [c, seat] of byCard) assert(((state.dealt[seat] >> c) & 1) === 1, () => `seed ${seed}: seat ${seat} played ${formatCard(pack, c)} it was not dealt`);
  assert(state.hands.every((h) => h === 0), () => `seed ${seed}: cards left in hand`);
  assert(o.points.reduce((a, b) => a + b, 0) === 120, () => `seed ${seed}: ${JSON.stringify(o.points)} is not 120 card points`);
  assert(o.tricks.reduce((a, b) => a + b, 0) === perHand, () => `seed ${seed}: trick count`);
  if (o.contract!.kind === 'rufspiel') assert(o.party.length === 2 && o.party[0] !== o.party[1], () => `seed ${seed}: party ${JSON.stringify(o.party)}`);
  return o;
}

describe('properties over seeded random deals', () => {
  for (const config of CONFIGS) {
    it(`${config.name}: ${config.deals} deals`, () => {
      const tally: Tally = { deals: 0, played: 0, thrownIn: 0, kinds: {}, illegal: 0, applied: 0 };
      for (let i = 0; i < config.deals; i++) runDeal(config.rules, i * 7919 + config.deals, tally);
      expect(tally.deals).toBe(config.deals);
      // The chooser reaches the variety the rules allow.
      expect(tally.played).toBeGreaterThan(config.deals / 2);
      expect(Object.keys(tally.kinds).length).toBeGreaterThanOrEqual(4);
      expect(tally.illegal).toBeGreaterThan(config.deals * 30);
    });
  }
});

describe('records round-trip (docs/records.md, src/records/record.ts)', () => {
  const sittings: [string, SchafkopfRules, number][] = [
    ['aumer-koller', rulesOf('aumer-koller'), 1],
    ['sauspiel', rulesOf('sauspiel'), 2],
    ['exotic, kurze Karte, Stock', rulesOf('aumer-koller', { kurzeKarte: true, geier: true, bettel: true, farbwenz: true, allPass: 'stock' }), 3],
    ['Bock, Klopfen, Stoß depth 3', rulesOf('aumer-koller', { allPass: 'bock', klopfen: true, stossDepth: 3 }), 4],
  ];

  async function written(rules: SchafkopfRules, seed: number, deals: number): Promise<GameRecord> {
    const agents = [0, 1, 2, 3].map((i) => randomAgent<SchafkopfTypes>(new SeededRng(seed * 100 + i)));
    const result = await playSitting(schafkopfModule, rules, agents, { length: { deals }, rng: new SeededRng(seed) });
    return toRecord('schafkopf', result);
  }

  for (const [name, rules, seed] of sittings) {
    it(`${name}: toRecord -> JSON text -> parseRecord -> replayRecord gives the same outcomes and ledger`, async () => {
      const record = await written(rules, seed, 12);
      const text = JSON.stringify(record);
      const parsed = parseRecord(text);
      expect(parsed.ok).toBe(true);
      if (!parsed.ok) return;
      expect(parsed.value).toEqual(JSON.parse(text));
      const replay = replayRecord(parsed.value, schafkopfModule);
      expect(replay.ok, replay.ok ? '' : replay.error.message).toBe(true);
      if (!replay.ok) return;
      expect(replay.value.sheet).toEqual(record.sheet);
      replay.value.finalStates.forEach((s, i) => expect(schafkopf.outcome(s as SchafkopfState)).toEqual(record.deals[i].outcome));
      const sheet = record.sheet as { balance: number[]; stock: number };
      expect(sheet.balance.reduce((a, b) => a + b, 0) + sheet.stock).toBe(0);
    });
  }

  it('corrupting one action (another seat, a card not held, a bid not allowed) is reported with its deal and action index', async () => {
    const record = await written(rulesOf('aumer-koller'), 9, 8);
    const rng = new SeededRng(99);
    for (let trial = 0; trial < 40; trial++) {
      const copy = JSON.parse(JSON.stringify(record)) as GameRecord & { deals: { actions: [number, string][]; deck: string[] }[] };
      const k = rng.int(copy.deals.length);
      const actions = copy.deals[k].actions;
      const j = rng.int(actions.length);
      const [seat, text] = actions[j];
      let code: string;
      const isCard = /^[EGHS][AZKOU987]$/.test(text);
      if (trial % 3 === 0) {
        actions[j] = [(seat + 1) % 4, text];
        code = 'notYourTurn';
      } else if (isCard) {
        // A card the seat does not hold: one dealt to another seat (the deck hands out 4 cards per packet).
        const dealer = copy.deals[k].dealer;
        const packetOf = (i: number) => (Math.floor(i / 4) % 4) + 1;
        const other = copy.deals[k].deck.find((_, i) => (dealer + packetOf(i)) % 4 !== seat)!;
        actions[j] = [seat, other];
        code = 'notInHand';
      } else if (text === 'weiter' && j < 8 && actions.slice(0, j).every(([, t]) => !/^(klopfen|stoss)$/.test(t))) {
        actions[j] = [seat, 'rufspiel H'];
        code = 'illegalBid';
      } else {
        actions[j] = [seat, 'EX'];
        code = 'badCard';
      }
      const parsed = parseRecord(JSON.stringify(copy));
      expect(parsed.ok).toBe(true);
      if (!parsed.ok) continue;
      const r = replayRecord(parsed.value, schafkopfModule);
      expect(r.ok).toBe(false);
      if (r.ok) continue;
      expect(r.error.deal).toBe(k);
      expect(r.error.action).toBe(j);
      expect(r.error.code).toBe(code);
      expect(r.error.message.startsWith(`deal ${k + 1}, action ${j + 1}: seat `)).toBe(true);
    }
  });
});
