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
  { name: 'faces', label: { de: 'Kartenbild', en: 'Card faces' }, explain: { de: 'Deutsche (Eichel, Gras, Herz, Schellen) oder französische Farben (Kreuz, Pik, Herz, Karo); dieselben Karten.', en: 'German (Eichel, Gras, Herz, Schellen) or French suits (Kreuz, Pik, Herz, Karo); the same cards.' }, choiceLabels: { german: { de: 'deutsch', en: 'German' }, french: { de: 'französisch', en: 'French' } }, description: 'Card faces in the terminal: german (Eichel, Grün, Herz or Rot, Schellen; Ober, Unter) or french (Kreuz, Pik, Herz, Karo; Dame, Bube). The same cards; the terminal writes and reads the card codes in these faces (French: T P H K, A Z K D B), records keep the German notation.', source: '003 Spielkarten', type: 'choice', choices: ['german', 'french'], default: 'german' },
  { name: 'countDown', label: { de: 'Bummerl abwärts zählen', en: 'Count the Bummerl down' }, explain: { de: 'Von 24 auf 0 zählen statt hinauf; dasselbe Spiel, anders angeschrieben.', en: 'Count from 24 down to 0 instead of up; the same game, written the other way.' }, description: 'Regional: count the Bummerl down from 24 to 0; the first side at 0 wins (the same game, shown the other way).', source: '003 Allgemeine Regeln', type: 'boolean', default: false },
  { name: 'announcementOrder', label: { de: 'Reihenfolge der Ansagen', en: 'Order of announcements' }, explain: { de: 'Der Reihe nach höher ansagen oder weiter sagen, oder jeder sagt gleichzeitig, was er hat.', en: 'Each in turn announces higher or passes, or everyone says at once what he holds.' }, choiceLabels: { ordered: { de: 'der Reihe nach', en: 'in turn' }, open: { de: 'alle auf einmal', en: 'all at once' } }, description: 'ordered: in order from the Rufer each announces a higher game or says "weiter"; open: each announces the game he holds without hearing the others, the highest is played (earlier seat wins a tie).', source: '003 Beginn und Ende; NOTES', type: 'choice', choices: ['ordered', 'open'], default: 'ordered' },
  { name: 'herzrunde', label: { de: 'Herzrunde', en: 'Herzrunde' }, explain: { de: 'Ist Herz (Rot) Trumpf, zählt jedes Spiel doppelt.', en: 'With Herz (Rot) as trump every game counts double.' }, description: 'Herzrunde: with Herz (Rot) as trump every game counts double.', source: '003 Herzrunde', type: 'boolean', default: true },
  { name: 'bettler', label: { de: 'Bettler (4)', en: 'Bettler (4)' }, explain: { de: 'Keinen Stich machen, ohne Trumpf.', en: 'Take no trick, no trump.' }, description: 'Bettler (Fechter), 4: take no trick, no Atout.', source: '003 Bettler', type: 'boolean', default: true },
  { name: 'schnapser', label: { de: 'Schnapser (6)', en: 'Schnapser (6)' }, explain: { de: 'Der Rufer macht allein 66 in drei Stichen.', en: 'The Rufer alone makes 66 in three tricks.' }, description: 'Schnapser (Drei-Stich), 6: only the Rufer; 66 in three tricks (four in Talonschnapsen), a beaten lead loses.', source: '003 Schnapser', type: 'boolean', default: true },
  { name: 'gang', label: { de: 'Gang (9)', en: 'Gang (9)' }, explain: { de: 'Alle Stiche ohne Trumpf; der Ansager spielt aus.', en: 'Every trick without trump; the announcer leads.' }, description: 'Gang (Gangl, Land, Loch, Ring), 9: all tricks, no Atout, the announcer leads.', source: '003 Gangl', type: 'boolean', default: true },
  { name: 'bauernschnapser', label: { de: 'Bauernschnapser (12)', en: 'Bauernschnapser (12)' }, explain: { de: 'Alle Stiche mit Trumpf.', en: 'Every trick, with trump.' }, description: 'Bauernschnapser, 12: all tricks with Atout.', source: '003 Bauernschnapser', type: 'boolean', default: true },
  { name: 'kontraschnapser', label: { de: 'Kontraschnapser (12)', en: 'Kontraschnapser (12)' }, explain: { de: 'Ein Gegner des Rufers macht 66 in drei Stichen.', en: 'An opponent of the Rufer makes 66 in three tricks.' }, description: 'Kontraschnapser (Kontra-Drei-Stich), 12: an opponent of the Rufer makes 66 in three tricks, the Rufer leads.', source: '003 Kontraschnapser', type: 'boolean', default: true },
  { name: 'farbenringerl', label: { de: 'Farbenringerl (18)', en: 'Farbenringerl (18)' }, explain: { de: 'Fünf Karten einer Farbe, die nicht Trumpf ist; gewonnen durch Herzeigen.', en: 'Five cards of a suit that is not trump; won by showing them.' }, description: 'Farbenringerl, 18: five cards of a suit that is not trump; won by showing (in Talonschnapsen played: all six tricks).', source: '003 Farbringerl', type: 'boolean', default: true },
  { name: 'kontrabauernschnapser', label: { de: 'Kontrabauernschnapser (24)', en: 'Kontrabauernschnapser (24)' }, explain: { de: 'Ein Gegner des Rufers macht alle Stiche mit Trumpf; beendet das Bummerl.', en: 'An opponent of the Rufer takes every trick with trump; ends the Bummerl.' }, description: 'Kontrabauernschnapser, 24: an opponent of the Rufer makes all tricks with Atout, the Rufer leads; ends the Bummerl.', source: '003 Kontrabauernschnapser', type: 'boolean', default: true },
  { name: 'trumpfringerl', label: { de: 'Trumpfringerl (24)', en: 'Trumpfringerl (24)' }, explain: { de: 'Der Rufer hält alle fünf Trümpfe; gewonnen durch Herzeigen.', en: 'The Rufer holds all five trumps; won by showing them.' }, description: 'Trumpfringerl (Herrenschnapser), 24: the Rufer holds all five trumps; won by showing.', source: '003 Herrenschnapser', type: 'boolean', default: true },
  { name: 'assenbettler', label: { de: 'Assenbettler (5)', en: 'Assenbettler (5)' }, explain: { de: 'Regional: ein Bettler, in dem das Ass die niedrigste Karte ist.', en: 'Regional: a Bettler in which the Ass is the lowest card.' }, description: 'Regional: Assenbettler (Zehnerloch), 5: a Bettler with the Ass as the lowest card.', source: '003 Assenbettler', type: 'boolean', default: false },
  { name: 'assBettler', label: { de: 'Ass-Bettler (5)', en: 'Ass-Bettler (5)' }, explain: { de: 'Regional: ein Bettler mit mindestens einem Ass in der Hand.', en: 'Regional: a Bettler holding at least one Ass.' }, description: 'Regional: Ass-Bettler (Ass-Fechter), 5: a Bettler by a player holding at least one Ass.', source: '003 Ass-Bettler', type: 'boolean', default: false },
  { name: 'blinderBettler', label: { de: 'Blinder Bettler (5)', en: 'Blinder Bettler (5)' }, explain: { de: 'Regional: wer drei Unter als erste Karten hat, spielt Bettler, ohne den Rest aufzunehmen.', en: 'Regional: a Rufer whose first three cards are Unter plays a Bettler without picking up the rest.' }, description: 'Regional (Graz): Blinder Bettler, 5: the Rufer whose first three cards are Unter plays a Bettler without picking up the rest.', source: '003 Blinder Bettler', type: 'boolean', default: false },
  { name: 'plauderer', label: { de: 'Plauderer (7)', en: 'Plauderer (7)' }, explain: { de: 'Regional: ein Bettler mit offenen Karten.', en: 'Regional: a Bettler with cards shown.' }, description: 'Regional: Plauderer, 7: a Bettler against open cards (see plaudererVariant).', source: '003 Plauderer', type: 'boolean', default: false },
  { name: 'plaudererVariant', label: { de: 'Art des Plauderers', en: 'Kind of Plauderer' }, explain: { de: 'Wer beim Plauderer welche Karten offen sieht.', en: 'Who sees which cards open in a Plauderer.' }, choiceLabels: { a: { de: 'Gegner sehen einander von Anfang an', en: 'opponents see each other from the start' }, b: { de: 'Gegner legen nach dem ersten Stich auf', en: 'opponents show after the first trick' }, c: { de: 'Ansager legt nach dem ersten Stich auf', en: 'announcer shows after the first trick' } }, description: 'a: the opponents see each other\'s cards from before the first lead; b: the opponents lay their cards open after the first trick; c: the announcer lays his cards open after the first trick.', source: '003 Plauderer (a) (b) (c)', type: 'choice', choices: ['a', 'b', 'c'], default: 'a' },
  { name: 'zehnergang', label: { de: 'Zehnergang (10)', en: 'Zehnergang (10)' }, explain: { de: 'Regional: ein Gang, in dem das Ass die niedrigste Karte ist.', en: 'Regional: a Gang in which the Ass is the lowest card.' }, description: 'Regional: Zehnergang (Zehnerloch, Zehnerhittn, Zehnerland), 10: a Gang with the Ass as the lowest card.', source: '003 Zehnergang', type: 'boolean', default: false },
  { name: 'zehnergangPrecedence', label: { de: 'Gang oder Zehnergang zuerst', en: 'Gang or Zehnergang first' }, explain: { de: 'Welches der beiden gespielt wird, wenn beide angesagt sind.', en: 'Which of the two is played when both are announced.' }, choiceLabels: { gang: { de: 'Gang', en: 'Gang' }, zehnergang: { de: 'Zehnergang', en: 'Zehnergang' } }, description: 'When a Gang and a Zehnergang are both announced: which is played.', source: '003 Zehnergang (two regional differences)', sourceDe: '003 Zehnergang (zwei regionale Unterschiede)', type: 'choice', choices: ['gang', 'zehnergang'], default: 'zehnergang' },
  { name: 'bauernloch', label: { de: 'Bauernloch (12)', en: 'Bauernloch (12)' }, explain: { de: 'Regional: der Rufer macht alle Stiche mit Trumpf, das Ass als niedrigste Karte.', en: 'Regional: the Rufer takes every trick with trump, the Ass as the lowest card.' }, description: 'Regional: Bauernloch, 12: only the Rufer; all tricks with Atout and the Ass as the lowest card.', source: '003 Bauernloch', type: 'boolean', default: false },
  { name: 'dokta', label: { de: 'Dokta (5)', en: 'Dokta (5)' }, explain: { de: 'Regional: der Rufer sagt an, dass seine Seite im normalen Spiel alle Stiche macht.', en: 'Regional: the Rufer says his side takes every trick of the normal game.' }, description: 'Regional (Austria): Dokta (Doktor), 5: the Rufer announces that his side takes every trick of the normal game.', source: '003 Dokta', type: 'boolean', default: false },
  { name: 'kontraHerrenbauer', label: { de: 'Kontra-Herrenbauer (48)', en: 'Kontra-Herrenbauer (48)' }, explain: { de: 'Regional: ein Gegner des Rufers hält alle fünf Trümpfe; beendet das Bummerl. Nur mit Blind-Rufen.', en: 'Regional: an opponent of the Rufer holds all five trumps; ends the Bummerl. Only with blind calling.' }, description: 'Regional: Kontra-Herrenbauer, 48 (a Bummerl at most): an opponent of the Rufer holds all five trumps; shown; ends the Bummerl. Needs blindRufen.', source: '003 Kontra-Herrenbauer', type: 'boolean', default: false },
  { name: 'blindRufen', label: { de: 'Blind-Rufen', en: 'Blind calling' }, explain: { de: 'Regional: der erste Rufer nennt Trumpf, bevor er eine Karte sieht; er bleibt das ganze Bummerl.', en: 'Regional: the first Rufer names trump before seeing a card; it stays for the whole Bummerl.' }, description: 'Regional: "Blind-Rufen": the first Rufer of a Bummerl calls trump before seeing a card, and it stays trump until the Bummerl ends.', source: '003 Kontra-Herrenbauer', type: 'boolean', default: false },
  { name: 'schnapserMitMann', label: { de: 'Schnapser mit Mann', en: 'Schnapser with partner' }, explain: { de: 'Selten: im Schnapser darf der Partner des Rufers mitstechen, seine Stiche zählen mit.', en: 'Rare: in a Schnapser the Rufer’s partner may take tricks, and they count.' }, description: 'Rare regional: "Schnapser mit Mann": the Rufer\'s partner may take tricks in the Schnapser (his tricks count for the 66).', source: '003 Schnapser', type: 'boolean', default: false },
];

const bauernOnly: HouseRule[] = [
  { name: 'teamsByLot', label: { de: 'Teams auslosen', en: 'Teams by lot' }, explain: { de: 'Vor dem ersten Spiel werden die Plätze und damit die Teams gelost.', en: 'Before the first deal the seats, and so the teams, are drawn by lot.' }, description: 'Draw lots for the seats, and so for the teams, before the first deal (otherwise the players sit as listed: 1st and 3rd against 2nd and 4th).', source: '003 Allgemeine Regeln ("Die Teamzugehörigkeit kann gelost werden")', type: 'boolean', default: false },
  { name: 'bettlerPartnerSitsOut', label: { de: 'Partner setzt beim Bettler aus', en: 'Partner sits out a Bettler' }, explain: { de: 'Beim Bettler und Plauderer spielt der Partner des Ansagers nicht mit.', en: 'In a Bettler or Plauderer the announcer’s partner does not play.' }, description: 'Regional, on by default: the partner of a Bettler player (every kind of Bettler and the Plauderer) sits out.', source: '003 Bettler; NOTES', type: 'boolean', default: true },
  { name: 'schnapserZusammen', label: { de: 'Schnapser zusammen (6)', en: 'Schnapser together (6)' }, explain: { de: 'Regional: Rufer und Partner machen gemeinsam 66 in drei Stichen.', en: 'Regional: the Rufer and his partner make 66 in three tricks together.' }, description: 'Regional: the Rufer\'s partner may announce a "Schnapser zusammen", 6: the two make 66 in three tricks together.', source: '003 Kontraschnapser', type: 'boolean', default: false },
];

const talonOnly: HouseRule[] = [
  { name: 'talonRaiseBeforeTalon', label: { de: 'Erhöhen vor dem Talon', en: 'Raise before the talon' }, explain: { de: 'Regional: der erste Ansager darf überboten noch einmal erhöhen, bevor der Talon aufgenommen wird.', en: 'Regional: the first announcer, when outbid, may raise once more before the talon is taken.' }, description: 'Regional: the first announcer, when outbid, may raise once more before the talon is taken up.', source: '003 Talonschnapsen (first rule on raising)', sourceDe: '003 Talonschnapsen (erste Regel zum Erhöhen)', type: 'boolean', default: false },
  { name: 'talonRaiseAfterTalon', label: { de: 'Erhöhen nach dem Talon', en: 'Raise after the talon' }, explain: { de: 'Regional: nach dem Talon darf der Spieler vor der ersten Karte ein höheres Spiel ansagen.', en: 'Regional: after the talon the declarer may announce a higher game before the first card.' }, description: 'Regional: after taking up the talon the declarer (in a normal game the Rufer) may announce a higher game before the first card.', source: '003 Talonschnapsen (second rule on raising)', sourceDe: '003 Talonschnapsen (zweite Regel zum Erhöhen)', type: 'boolean', default: false },
  { name: 'talonBummerlAll', label: { de: 'Bummerl für alle unter 24', en: 'Bummerl for all below 24' }, explain: { de: 'Regional: jeder, der 24 nicht erreicht, bekommt ein Bummerl, nicht nur der Letzte.', en: 'Regional: everyone short of 24 gets a Bummerl, not only the last.' }, description: 'Regional: every player who does not reach 24 gets a Bummerl (not only the lowest).', source: '003 Talonschnapsen (Regionale Variante)', type: 'boolean', default: false },
  {
    name: 'talonEndHidden',
    label: { de: 'Altes Spielende (Version 1)', en: 'Old end of play (version 1)' },
    explain: { de: 'Alt: das normale Spiel endet, sobald der Rufer 66 nicht mehr erreichen kann; verrät verdeckte Karten, daher aus.', en: 'Old: the normal game stops once the Rufer cannot reach 66; it tells of hidden cards, so it is off.' },
    description:
      'Legacy: the normal game stops as soon as the Rufer cannot reach 66 counted from every hand. It tells the opponents about cards they cannot see, so it is off; records of format version 1 were played with it and replay with it.',
    source: '003 Talonschnapsen; records version 1',
    sourceDe: '003 Talonschnapsen; Spielaufzeichnungen, Version 1',
    type: 'boolean',
    default: false,
  },
];

const REGIONAL_GAMES = { assenbettler: true, assBettler: true, blinderBettler: true, plauderer: true, zehnergang: true, bauernloch: true, dokta: true, kontraHerrenbauer: true, blindRufen: true } as const;

function presets(variant: Variant): Preset[] {
  return [
    { name: 'standard', label: { de: 'Standard', en: 'Standard' }, explain: { de: 'Alle Spiele der Haupttabelle; die regionalen Spiele aus.', en: 'Every game of the main table; the regional games off.' }, description: 'Every game of the main table of 003; regional games off (NOTES)', source: '003; NOTES', values: {} },
    {
      name: 'konservativ',
      label: { de: 'Konservativ', en: 'Conservative' },
      explain:
        variant === 'talon'
          ? { de: 'Wie vorsichtige Runden spielen: ohne Bettler und ohne Trumpfringerl.', en: 'As cautious tables play: no Bettler and no Trumpfringerl.' }
          : { de: 'Wie vorsichtige Runden spielen: ohne Bettler und ohne Ringerl.', en: 'As cautious tables play: no Bettler and no Ringerl.' },
      description: 'As conservative tables play: no Bettler games and no Ringerl ("verzichten viele Spielgemeinschaften")',
      source: '003 Beginn und Ende; Farbringerl; Herrenschnapser',
      values: { bettler: false, farbenringerl: variant === 'talon', trumpfringerl: false },
    },
    { name: 'alles', label: { de: 'Alles (mit regionalen Spielen)', en: 'Everything (with regional games)' }, explain: { de: 'Jedes Spiel der Liste, auch die regionalen.', en: 'Every game in the list, the regional ones included.' }, description: 'Every game of 003, the regional ones included', source: '003 Regionale Sonderspiele', values: { ...REGIONAL_GAMES } },
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
