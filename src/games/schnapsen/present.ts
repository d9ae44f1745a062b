import { handModel, type Lang, type Presentation, type TableModel } from '../present.js';
import { PACK } from './cards.js';
import type { SchnapsenView } from './view.js';

function present(view: SchnapsenView, legal: readonly string[], _lang: Lang, _names: readonly string[]): TableModel {
  const hand = handModel(PACK, view.hand, legal);
  const codes = new Set(hand.map((c) => c.code));
  return {
    pack: PACK.name,
    faces: 'german',
    hand,
    trick: [],
    lastTrick: null,
    tricksDone: view.tricksPlayed,
    headline: [],
    buttons: legal.filter((a) => !codes.has(a)).map((a) => ({ label: a, action: a })),
    prompt: null,
    seatNotes: view.handSizes.map(String),
    shown: [],
    talk: [],
    score: [],
  };
}

export const schnapsenPresentation: Presentation<SchnapsenView> = {
  games: ['bauernschnapsen', 'talonschnapsen'],
  table: present,
  sheet: () => [],
  dealSummary: () => [],
};
