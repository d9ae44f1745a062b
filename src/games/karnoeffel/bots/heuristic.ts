import { formatCard } from '../../../cards/notation.js';
import { PACK } from '../cards.js';
import type { Agent } from '../../agent.js';
import type { KarnoeffelTypes } from '../game.js';
import { sees, teamOf } from '../talk.js';
import type { KarnoeffelRules } from '../rules.js';
import type { KarnoeffelAction, KarnoeffelEvent, KarnoeffelView } from '../state.js';
import { knowledgeOf } from './knowledge.js';
import { pauseDecision, playDecision, type PauseKind } from './policy.js';

const PAUSE_KINDS: readonly PauseKind[] = ['raise', 'pass', 'accept', 'refuse'];

type Advice = Extract<KarnoeffelEvent, { type: 'advise' }>;

/** Advice from a teammate to this seat (or to the whole team) since the last decision at the table, latest first. */
export function currentAdvice(view: KarnoeffelView, seat: number): Advice[] {
  const out: Advice[] = [];
  for (let i = view.events.length - 1; i >= 0; i--) {
    const e = view.events[i];
    if (e.type !== 'advise') break;
    if (e.seat !== seat && teamOf(e.seat) === teamOf(seat) && (e.to === undefined || e.to === seat)) out.push(e);
  }
  return out;
}

/** The legal action a piece of advice asks for, if any. */
function followAdvice(view: KarnoeffelView, legal: readonly KarnoeffelAction[], advice: Advice): KarnoeffelAction | undefined {
  const word = advice.message.trim().toLowerCase().split(/[^a-zäöü]+/)[0];
  if (advice.card !== undefined) {
    const play = legal.find((a) => a.type === 'play' && a.card === advice.card);
    if (play) return play;
  }
  if ((PAUSE_KINDS as readonly string[]).includes(word) || word === 'announce') return legal.find((a) => a.type === word);
  if (word === 'take' || word === 'leave') {
    const k = knowledgeOf(view);
    const cards = legal.flatMap((a) => (a.type === 'play' ? [a.card] : []));
    if (cards.length === 0) return undefined;
    const own = playDecision(view, k, view.seat, cards).choice;
    return legal.find((a) => a.type === 'play' && a.card === own);
  }
  return undefined;
}

/**
 * The rule-based bot: raises with strong trump powers, refuses raises with
 * a weak hand, announces the match win as soon as its side may, uses the
 * Devil as a lead only, and as partner (four players) or leader (six or
 * eight) gives public advice and follows the advice it gets.
 */
export function heuristicBot(rules: KarnoeffelRules, name = 'easy'): Agent<KarnoeffelTypes> {
  return {
    name,
    kind: 'bot',
    choose(view, legal, seat) {
      const announce = legal.find((a) => a.type === 'announce');
      if (announce) return announce;
      for (const advice of currentAdvice(view, seat)) {
        const followed = followAdvice(view, legal, advice);
        if (followed) return followed;
      }
      const k = knowledgeOf(view);
      if (view.phase === 'play') {
        const cards = legal.flatMap((a) => (a.type === 'play' ? [a.card] : []));
        const card = playDecision(view, k, seat, cards).choice;
        return { type: 'play', card };
      }
      const kinds = PAUSE_KINDS.filter((kind) => legal.some((a) => a.type === kind));
      const choice = pauseDecision(view, k, seat, kinds).choice;
      return legal.find((a) => a.type === choice) as KarnoeffelAction;
    },
    interject(view, legal, seat) {
      const announce = legal.find((a) => a.type === 'announce');
      if (announce) return announce;
      const offers = legal.filter((a): a is Extract<KarnoeffelAction, { type: 'advise' }> => a.type === 'advise');
      if (offers.length === 0) return undefined;
      const mate = offers[0].to;
      // Only a partner or leader who sees the teammate's cards advises: he knows at least as much as the teammate.
      if (mate === undefined || !sees(rules, seat, mate)) return undefined;
      const k = knowledgeOf(view);
      if (view.phase === 'deal') {
        const kinds = PAUSE_KINDS.filter((kind) => offers.some((a) => a.message === kind));
        const d = pauseDecision(view, k, mate, kinds);
        if (d.choice !== 'raise' && d.choice !== 'refuse') return undefined;
        return { type: 'advise', to: mate, message: `${d.choice}: ${d.reason}` };
      }
      const mateCards = offers.flatMap((a) => (a.card !== undefined ? [a.card] : []));
      if (mateCards.length < 2) return undefined;
      const advice = playDecision(view, k, mate, mateCards);
      // What the teammate would play on what he knows himself; advise only where we know better.
      const mateView: KarnoeffelView = {
        ...view,
        seat: mate,
        hand: view.seen.find((s) => s.seat === mate)?.cards ?? mateCards,
        seen: sees(rules, mate, seat) ? [{ seat, cards: view.hand }] : [],
      };
      const own = playDecision(mateView, knowledgeOf(mateView), mate, mateCards);
      if (own.choice === advice.choice) return undefined;
      return { type: 'advise', to: mate, card: advice.choice, message: `play ${formatCard(PACK, advice.choice)}: ${advice.reason}` };
    },
  };
}
