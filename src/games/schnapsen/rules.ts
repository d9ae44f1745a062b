import type { HouseRule, Preset, ResolvedRules, RuleBook } from '../ruleBook.js';
import type { StichError } from '../../core/result.js';

/**
 * House rules of Bauernschnapsen (4 players) and Talonschnapsen (3 players),
 * 003 with the defaults of NOTES.md. Every special game of 003 can be turned
 * off; the regional ones are off by default.
 */
export interface SchnapsenRules extends ResolvedRules {
  /** Display only: German (Eichel, Grün, Rot, Schellen; Ober, Unter) or French (Kreuz, Pik, Herz, Karo; Dame, Bube) faces. */
  readonly faces: 'german' | 'french';
  /** Regional: the Bummerl counts down from 24 to 0 instead of up to 24 (display only; the same game). */
  readonly countDown: boolean;
  /** ordered: each in turn from the Rufer announces higher or passes; open: everybody announces what he holds, the highest is played. */
  readonly announcementOrder: 'ordered' | 'open';
  readonly herzrunde: boolean;
  readonly bettler: boolean;
  readonly schnapser: boolean;
  readonly gang: boolean;
  readonly bauernschnapser: boolean;
  readonly kontraschnapser: boolean;
  readonly farbenringerl: boolean;
  readonly kontrabauernschnapser: boolean;
  readonly trumpfringerl: boolean;
  readonly assenbettler: boolean;
  readonly assBettler: boolean;
  readonly blinderBettler: boolean;
  readonly plauderer: boolean;
  readonly plaudererVariant: 'a' | 'b' | 'c';
  readonly zehnergang: boolean;
  readonly zehnergangPrecedence: 'gang' | 'zehnergang';
  readonly bauernloch: boolean;
  readonly dokta: boolean;
  readonly kontraHerrenbauer: boolean;
  readonly blindRufen: boolean;
  readonly schnapserMitMann: boolean;
  /** Bauernschnapsen only. */
  readonly teamsByLot?: boolean;
  readonly bettlerPartnerSitsOut?: boolean;
  readonly schnapserZusammen?: boolean;
  /** Talonschnapsen only. */
  readonly talonRaiseBeforeTalon?: boolean;
  readonly talonRaiseAfterTalon?: boolean;
  readonly talonBummerlAll?: boolean;
  readonly talonEndHidden?: boolean;
}

export type Variant = 'bauern' | 'talon';

const common: HouseRule[] = [
  { name: 'faces', description: 'Card faces in the terminal: german (Eichel, Grün, Herz or Rot, Schellen; Ober, Unter) or french (Kreuz, Pik, Herz, Karo; Dame, Bube). The same cards; the terminal writes and reads the card codes in these faces (French: T P H K, A Z K D B), records keep the German notation.', source: '003 Spielkarten', type: 'choice', choices: ['german', 'french'], default: 'german' },
  { name: 'countDown', description: 'Regional: count the Bummerl down from 24 to 0; the first side at 0 wins (the same game, shown the other way).', source: '003 Allgemeine Regeln', type: 'boolean', default: false },
  { name: 'announcementOrder', description: 'ordered: in order from the Rufer each announces a higher game or says "weiter"; open: each announces the game he holds without hearing the others, the highest is played (earlier seat wins a tie).', source: '003 Beginn und Ende; NOTES', type: 'choice', choices: ['ordered', 'open'], default: 'ordered' },
  { name: 'herzrunde', description: 'Herzrunde: with Herz (Rot) as trump every game counts double.', source: '003 Herzrunde', type: 'boolean', default: true },
  { name: 'bettler', description: 'Bettler (Fechter), 4: take no trick, no Atout.', source: '003 Bettler', type: 'boolean', default: true },
  { name: 'schnapser', description: 'Schnapser (Drei-Stich), 6: only the Rufer; 66 in three tricks (four in Talonschnapsen), a beaten lead loses.', source: '003 Schnapser', type: 'boolean', default: true },
  { name: 'gang', description: 'Gang (Gangl, Land, Loch, Ring), 9: all tricks, no Atout, the announcer leads.', source: '003 Gangl', type: 'boolean', default: true },
  { name: 'bauernschnapser', description: 'Bauernschnapser, 12: all tricks with Atout.', source: '003 Bauernschnapser', type: 'boolean', default: true },
  { name: 'kontraschnapser', description: 'Kontraschnapser (Kontra-Drei-Stich), 12: an opponent of the Rufer makes 66 in three tricks, the Rufer leads.', source: '003 Kontraschnapser', type: 'boolean', default: true },
  { name: 'farbenringerl', description: 'Farbenringerl, 18: five cards of a suit that is not trump; won by showing (in Talonschnapsen played: all six tricks).', source: '003 Farbringerl', type: 'boolean', default: true },
  { name: 'kontrabauernschnapser', description: 'Kontrabauernschnapser, 24: an opponent of the Rufer makes all tricks with Atout, the Rufer leads; ends the Bummerl.', source: '003 Kontrabauernschnapser', type: 'boolean', default: true },
  { name: 'trumpfringerl', description: 'Trumpfringerl (Herrenschnapser), 24: the Rufer holds all five trumps; won by showing.', source: '003 Herrenschnapser', type: 'boolean', default: true },
  { name: 'assenbettler', description: 'Regional: Assenbettler (Zehnerloch), 5: a Bettler with the Ass as the lowest card.', source: '003 Assenbettler', type: 'boolean', default: false },
  { name: 'assBettler', description: 'Regional: Ass-Bettler (Ass-Fechter), 5: a Bettler by a player holding at least one Ass.', source: '003 Ass-Bettler', type: 'boolean', default: false },
  { name: 'blinderBettler', description: 'Regional (Graz): Blinder Bettler, 5: the Rufer whose first three cards are Unter plays a Bettler without picking up the rest.', source: '003 Blinder Bettler', type: 'boolean', default: false },
  { name: 'plauderer', description: 'Regional: Plauderer, 7: a Bettler against open cards (see plaudererVariant).', source: '003 Plauderer', type: 'boolean', default: false },
  { name: 'plaudererVariant', description: 'a: the opponents see each other\'s cards from before the first lead; b: the opponents lay their cards open after the first trick; c: the announcer lays his cards open after the first trick.', source: '003 Plauderer (a) (b) (c)', type: 'choice', choices: ['a', 'b', 'c'], default: 'a' },
  { name: 'zehnergang', description: 'Regional: Zehnergang (Zehnerloch, Zehnerhittn, Zehnerland), 10: a Gang with the Ass as the lowest card.', source: '003 Zehnergang', type: 'boolean', default: false },
  { name: 'zehnergangPrecedence', description: 'When a Gang and a Zehnergang are both announced: which is played.', source: '003 Zehnergang (two regional differences)', type: 'choice', choices: ['gang', 'zehnergang'], default: 'zehnergang' },
  { name: 'bauernloch', description: 'Regional: Bauernloch, 12: only the Rufer; all tricks with Atout and the Ass as the lowest card.', source: '003 Bauernloch', type: 'boolean', default: false },
  { name: 'dokta', description: 'Regional (Austria): Dokta (Doktor), 5: the Rufer announces that his side takes every trick of the normal game.', source: '003 Dokta', type: 'boolean', default: false },
  { name: 'kontraHerrenbauer', description: 'Regional: Kontra-Herrenbauer, 48 (a Bummerl at most): an opponent of the Rufer holds all five trumps; shown; ends the Bummerl. Needs blindRufen.', source: '003 Kontra-Herrenbauer', type: 'boolean', default: false },
  { name: 'blindRufen', description: 'Regional: "Blind-Rufen": the first Rufer of a Bummerl calls trump before seeing a card, and it stays trump until the Bummerl ends.', source: '003 Kontra-Herrenbauer', type: 'boolean', default: false },
  { name: 'schnapserMitMann', description: 'Rare regional: "Schnapser mit Mann": the Rufer\'s partner may take tricks in the Schnapser (his tricks count for the 66).', source: '003 Schnapser', type: 'boolean', default: false },
];

const bauernOnly: HouseRule[] = [
  { name: 'teamsByLot', description: 'Draw lots for the seats, and so for the teams, before the first deal (otherwise the players sit as listed: 1st and 3rd against 2nd and 4th).', source: '003 Allgemeine Regeln ("Die Teamzugehörigkeit kann gelost werden")', type: 'boolean', default: false },
  { name: 'bettlerPartnerSitsOut', description: 'Regional, on by default: the partner of a Bettler player (every kind of Bettler and the Plauderer) sits out.', source: '003 Bettler; NOTES', type: 'boolean', default: true },
  { name: 'schnapserZusammen', description: 'Regional: the Rufer\'s partner may announce a "Schnapser zusammen", 6: the two make 66 in three tricks together.', source: '003 Kontraschnapser', type: 'boolean', default: false },
];

const talonOnly: HouseRule[] = [
  { name: 'talonRaiseBeforeTalon', description: 'Regional: the first announcer, when outbid, may raise once more before the talon is taken up.', source: '003 Talonschnapsen (first rule on raising)', type: 'boolean', default: false },
  { name: 'talonRaiseAfterTalon', description: 'Regional: after taking up the talon the declarer (in a normal game the Rufer) may announce a higher game before the first card.', source: '003 Talonschnapsen (second rule on raising)', type: 'boolean', default: false },
  { name: 'talonBummerlAll', description: 'Regional: every player who does not reach 24 gets a Bummerl (not only the lowest).', source: '003 Talonschnapsen (Regionale Variante)', type: 'boolean', default: false },
  {
    name: 'talonEndHidden',
    description:
      'Legacy: the normal game stops as soon as the Rufer cannot reach 66 counted from every hand. It tells the opponents about cards they cannot see, so it is off; records of format version 1 were played with it and replay with it.',
    source: '003 Talonschnapsen; records version 1',
    type: 'boolean',
    default: false,
  },
];

const REGIONAL_GAMES = { assenbettler: true, assBettler: true, blinderBettler: true, plauderer: true, zehnergang: true, bauernloch: true, dokta: true, kontraHerrenbauer: true, blindRufen: true } as const;

function presets(variant: Variant): Preset[] {
  return [
    { name: 'standard', description: 'Every game of the main table of 003; regional games off (NOTES)', source: '003; NOTES', values: {} },
    {
      name: 'konservativ',
      description: 'As conservative tables play: no Bettler games and no Ringerl ("verzichten viele Spielgemeinschaften")',
      source: '003 Beginn und Ende; Farbringerl; Herrenschnapser',
      values: { bettler: false, farbenringerl: variant === 'talon', trumpfringerl: false },
    },
    { name: 'alles', description: 'Every game of 003, the regional ones included', source: '003 Regionale Sonderspiele', values: { ...REGIONAL_GAMES } },
  ];
}

function check(rules: SchnapsenRules): StichError | undefined {
  if (rules.kontraHerrenbauer && !rules.blindRufen) {
    return { code: 'ruleClash', message: 'kontraHerrenbauer needs blindRufen=on: only with trump called blind can an opponent of the Rufer hold all five trumps (003 Kontra-Herrenbauer)' };
  }
  return undefined;
}

export const BAUERN_RULE_BOOK: RuleBook<SchnapsenRules> = {
  game: 'bauernschnapsen',
  houseRules: [...common, ...bauernOnly],
  presets: presets('bauern'),
  defaultPreset: 'standard',
  check,
};

export const TALON_RULE_BOOK: RuleBook<SchnapsenRules> = {
  game: 'talonschnapsen',
  houseRules: [...common, ...talonOnly],
  presets: presets('talon'),
  defaultPreset: 'standard',
  check,
};
