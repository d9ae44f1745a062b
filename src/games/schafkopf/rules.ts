import type { HouseRule, Preset, ResolvedRules, RuleBook } from '../ruleBook.js';

/** What happens when all four say "weiter" (002 5.3.7). */
export type AllPass = 'ramsch' | 'mussspiel' | 'bock' | 'stock' | 'redeal';
export type SoloRanking = 'wenzBelowSolo' | 'equal';
export type LaufendeCount = 'herren' | 'allTrumps';
export type Durchmarsch = 'allTricks' | 'points' | 'off';
export type Jungfrau = 'off' | 'doubleAll' | 'doubleIndividuallyOnce' | 'doubleIndividuallyMultiple';

export interface SchafkopfRules extends ResolvedRules {
  readonly kurzeKarte: boolean;
  readonly herzSoloFirst: boolean;
  readonly soloRanking: SoloRanking;
  readonly tout: boolean;
  readonly farbwenz: boolean;
  readonly geier: boolean;
  readonly farbgeier: boolean;
  readonly bettel: boolean;
  readonly bettelStichzwang: boolean;
  readonly allPass: AllPass;
  readonly klopfen: boolean;
  readonly stoss: boolean;
  readonly stossDepth: number;
  readonly laufende: LaufendeCount;
  readonly laufendeFromRufspiel: number;
  readonly laufendeFromSolo: number;
  readonly laufendeFromWenz: number;
  readonly tarifRufspiel: number;
  readonly tarifSolo: number;
  readonly tarifSchneider: number;
  readonly tarifLaufende: number;
  readonly tarifBettel: number;
  readonly tarifRamsch: number;
  readonly stockEinsatz: number;
  readonly ramschDurchmarsch: Durchmarsch;
  readonly ramschDurchmarschPoints: number;
  readonly ramschJungfrau: Jungfrau;
}

const HOUSE_RULES: readonly HouseRule[] = [
  {
    name: 'kurzeKarte',
    description: 'Play with the kurze Karte of 24 cards (no 8 and 7), dealt 2 x 3, instead of 32 cards dealt 2 x 4.',
    source: '002 3.2 (32 cards); NOTES.md (24 as a house rule)',
    type: 'boolean',
    default: false,
  },
  {
    name: 'herzSoloFirst',
    description: 'A Herz-Solo outranks the other Soli in the bidding (and a Herz-Solo tout the other Solo touts).',
    source: '002 5.3.3',
    type: 'boolean',
    default: true,
  },
  {
    name: 'soloRanking',
    description: 'wenzBelowSolo: Rufspiel < Wenz < Solo < Wenz-Tout < Solo-Tout < Sie (002); equal: Wenz, Geier and every Solo rank alike, as do all touts, the earlier seat winning a tie (the online sites).',
    source: '002 5.3.2-5.3.5; NOTES.md',
    type: 'choice',
    choices: ['wenzBelowSolo', 'equal'],
    default: 'wenzBelowSolo',
  },
  {
    name: 'tout',
    description: 'Wenz, Solo and the exotic one-against-three games may be announced tout (the declarer must take every trick, paid double).',
    source: '002 5.3.4, 5.3.5, 6.4.2',
    type: 'boolean',
    default: true,
  },
  { name: 'farbwenz', description: 'Farbwenz: the Unter and a chosen suit are trump; one against three.', source: '002 5.3.6.1', type: 'boolean', default: false },
  { name: 'geier', description: 'Geier: only the four Ober are trump; one against three.', source: '002 5.3.6.2', type: 'boolean', default: false },
  { name: 'farbgeier', description: 'Farbgeier: the Ober and a chosen suit are trump; one against three.', source: '002 5.3.6.2', type: 'boolean', default: false },
  {
    name: 'bettel',
    description: 'Bettel: no trump, ranks Sau, König, Ober, Unter, Zehn, 9, 8, 7; the declarer must take no trick. Ranks above the Rufspiel and below Wenz and Solo.',
    source: '002 5.3.6.4; NOTES.md',
    type: 'boolean',
    default: false,
  },
  {
    name: 'bettelStichzwang',
    description: 'In a Bettel every player must win the trick if able (beat the best card so far with a card of the suit led).',
    source: '002 5.3.6.4; conformance README (Bettel variant "stichzwang")',
    type: 'boolean',
    default: false,
  },
  {
    name: 'allPass',
    description: 'When all say "weiter": ramsch; mussspiel (the holder of the Eichel-Ober must play, and wins with 60); bock (throw in, the next game counts double); stock (throw in, everyone pays the Stock einsatz into the Stock, paid out to the winning players of the next Rufspiel or doubled by its losing players); redeal (throw in and deal again).',
    source: '002 5.3.7, 6.2.1',
    type: 'choice',
    choices: ['ramsch', 'mussspiel', 'bock', 'stock', 'redeal'],
    default: 'ramsch',
  },
  {
    name: 'klopfen',
    description: 'Klopfen (Legen): after the first half of the cards each player may knock once, doubling the game.',
    source: 'NOTES.md (not in 002; played on the online sites)',
    type: 'boolean',
    default: false,
  },
  { name: 'stoss', description: 'A non-declarer may give Stoß (Kontra) before the first card, doubling the game.', source: '002 6.4.4', type: 'boolean', default: true },
  {
    name: 'stossDepth',
    description: 'How many doublings the Stoß exchange may have: 1 = Stoß only, 2 = Stoß and the answer (Re, "Zruck"), more = further answers by turns.',
    source: '002 6.4.4',
    type: 'integer',
    min: 1,
    max: 6,
    default: 2,
  },
  {
    name: 'laufende',
    description: 'herren: Laufende are counted over Ober and Unter only (at most 8); allTrumps: down the whole trump order, as the online sites count.',
    source: '002 6.3; conformance README',
    type: 'choice',
    choices: ['herren', 'allTrumps'],
    default: 'herren',
  },
  { name: 'laufendeFromRufspiel', description: 'Laufende are paid in a Rufspiel from this many on.', source: '002 6.4.1', type: 'integer', min: 1, max: 14, default: 3 },
  { name: 'laufendeFromSolo', description: 'Laufende are paid in a Solo, Farbwenz and Farbgeier from this many on.', source: '002 6.4.2', type: 'integer', min: 1, max: 14, default: 3 },
  { name: 'laufendeFromWenz', description: 'Laufende are paid in a Wenz and a Geier from this many on.', source: '002 6.4.2', type: 'integer', min: 1, max: 4, default: 2 },
  { name: 'tarifRufspiel', description: 'Price of a Rufspiel in cents (002: 1 GE).', source: '002 6.4.1', type: 'integer', min: 0, max: 100000, default: 10 },
  { name: 'tarifSolo', description: 'Price of a Solo, Wenz and the other one-against-three games in cents (002: 1 SE, the Soloeinheit).', source: '002 6.4.2', type: 'integer', min: 0, max: 100000, default: 50 },
  { name: 'tarifSchneider', description: 'Added once for Schneider and twice for Schwarz, in cents (002: 1 GE, the Grundeinsatz).', source: '002 6.4.1, 6.4.2', type: 'integer', min: 0, max: 100000, default: 10 },
  { name: 'tarifLaufende', description: 'Added for every Laufender, in cents (002: 1 GE).', source: '002 6.4.1, 6.4.2', type: 'integer', min: 0, max: 100000, default: 10 },
  { name: 'tarifBettel', description: 'Price of a Bettel in cents (002 leaves it to the table; here 1 SE by default).', source: '002 5.3.6', type: 'integer', min: 0, max: 100000, default: 50 },
  { name: 'tarifRamsch', description: 'What the Ramsch loser pays each other player, in cents (002 leaves it to the table; here 1 GE).', source: '002 5.3.6.3', type: 'integer', min: 0, max: 100000, default: 10 },
  { name: 'stockEinsatz', description: 'What each player pays into the Stock when a deal is thrown in under allPass=stock, in cents.', source: '002 5.3.7 c', type: 'integer', min: 0, max: 100000, default: 10 },
  {
    name: 'ramschDurchmarsch',
    description: 'A Ramsch player who takes every trick (allTricks) or at least ramschDurchmarschPoints card points (points) wins instead of losing; off: no Durchmarsch.',
    source: '002 5.3.6.3; conformance README',
    type: 'choice',
    choices: ['allTricks', 'points', 'off'],
    default: 'allTricks',
  },
  { name: 'ramschDurchmarschPoints', description: 'Card points for a Durchmarsch when ramschDurchmarsch=points.', source: 'conformance README', type: 'integer', min: 61, max: 120, default: 120 },
  {
    name: 'ramschJungfrau',
    description: 'A player who took no trick in a Ramsch is a Jungfrau. doubleAll: every Jungfrau doubles the whole Ramsch; doubleIndividuallyOnce: the loser pays each Jungfrau double; doubleIndividuallyMultiple: the loser pays each Jungfrau doubled once per Jungfrau at the table.',
    source: '002 5.3.6.3; conformance README',
    type: 'choice',
    choices: ['off', 'doubleAll', 'doubleIndividuallyOnce', 'doubleIndividuallyMultiple'],
    default: 'off',
  },
];

const PRESETS: readonly Preset[] = [
  {
    name: 'aumer-koller',
    description: 'The rules of Aumer/Koller, Die Grundzüge des Schafkopf: GE 10 ct, SE 50 ct, Laufende over Ober and Unter, Herz-Solo first, Ramsch when all pass.',
    source: '002; NOTES.md',
    values: {},
  },
  {
    name: 'sauspiel',
    description: 'The big online sites: Rufspiel 20 ct, Solo 50 ct, Schneider and each Laufender 10 ct, Laufende down the whole trump order, Klopfen, Stoß and Re, all Soli equal, a new deal when all pass.',
    source: 'NOTES.md; ../shared/conformance/schafkopf/README.md',
    values: {
      herzSoloFirst: false,
      soloRanking: 'equal',
      klopfen: true,
      laufende: 'allTrumps',
      tarifRufspiel: 20,
      tarifSolo: 50,
      tarifSchneider: 10,
      tarifLaufende: 10,
      allPass: 'redeal',
    },
  },
];

export const SCHAFKOPF_RULES: RuleBook<SchafkopfRules> = {
  game: 'schafkopf',
  houseRules: HOUSE_RULES,
  presets: PRESETS,
  defaultPreset: 'aumer-koller',
};
