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
    label: { de: 'Kurze Karte (24 Blatt)', en: 'Short pack (24 cards)' },
    explain: { de: 'Ohne Achter und Siebener; jeder bekommt sechs Karten, zweimal drei.', en: 'Without the 8s and 7s; everyone gets six cards, dealt three and three.' },
    description: 'Play with the kurze Karte of 24 cards (no 8 and 7), dealt 2 x 3, instead of 32 cards dealt 2 x 4.',
    source: '002 3.2 (32 cards); NOTES.md (24 as a house rule)',
    sourceDe: '002 3.2 (32 Karten); NOTES.md (24 als Hausregel)',
    type: 'boolean',
    default: false,
  },
  {
    name: 'herzSoloFirst',
    label: { de: 'Herz-Solo geht vor', en: 'Herz-Solo first' },
    explain: { de: 'Beim Reizen sticht ein Herz-Solo jedes andere Solo.', en: 'In the bidding a Herz-Solo beats every other Solo.' },
    description: 'A Herz-Solo outranks the other Soli in the bidding (and a Herz-Solo tout the other Solo touts).',
    source: '002 5.3.3',
    type: 'boolean',
    default: true,
  },
  {
    name: 'soloRanking',
    label: { de: 'Rangfolge der Spiele', en: 'Order of the games' },
    explain: { de: 'Ob der Wenz unter dem Solo steht (Buch) oder alle Solospiele gleich viel gelten (online).', en: 'Whether the Wenz ranks below the Solo (the book) or every one-against-three game ranks alike (online).' },
    choiceLabels: { wenzBelowSolo: { de: 'Wenz unter Solo', en: 'Wenz below Solo' }, equal: { de: 'alle Solospiele gleich', en: 'all solo games equal' } },
    description: 'wenzBelowSolo: Rufspiel < Wenz < Solo < Wenz-Tout < Solo-Tout < Sie (002); equal: Wenz, Geier and every Solo rank alike, as do all touts, the earlier seat winning a tie (the online sites).',
    source: '002 5.3.2-5.3.5; NOTES.md',
    type: 'choice',
    choices: ['wenzBelowSolo', 'equal'],
    default: 'wenzBelowSolo',
  },
  {
    name: 'tout',
    label: { de: 'Tout', en: 'Tout' },
    explain: { de: 'Wenz und Solo dürfen „tout“ angesagt werden: alle Stiche, doppelter Preis.', en: 'Wenz and Solo may be announced tout: every trick, double the price.' },
    description: 'Wenz, Solo and the exotic one-against-three games may be announced tout (the declarer must take every trick, paid double).',
    source: '002 5.3.4, 5.3.5, 6.4.2',
    type: 'boolean',
    default: true,
  },
  { name: 'farbwenz', label: { de: 'Farbwenz', en: 'Farbwenz' }, explain: { de: 'Unter und eine gewählte Farbe sind Trumpf; einer gegen drei.', en: 'The Unter and a chosen suit are trump; one against three.' }, description: 'Farbwenz: the Unter and a chosen suit are trump; one against three.', source: '002 5.3.6.1', type: 'boolean', default: false },
  { name: 'geier', label: { de: 'Geier', en: 'Geier' }, explain: { de: 'Nur die vier Ober sind Trumpf; einer gegen drei.', en: 'Only the four Ober are trump; one against three.' }, description: 'Geier: only the four Ober are trump; one against three.', source: '002 5.3.6.2', type: 'boolean', default: false },
  { name: 'farbgeier', label: { de: 'Farbgeier', en: 'Farbgeier' }, explain: { de: 'Ober und eine gewählte Farbe sind Trumpf; einer gegen drei.', en: 'The Ober and a chosen suit are trump; one against three.' }, description: 'Farbgeier: the Ober and a chosen suit are trump; one against three.', source: '002 5.3.6.2', type: 'boolean', default: false },
  {
    name: 'bettel',
    label: { de: 'Bettel', en: 'Bettel' },
    explain: { de: 'Ohne Trumpf; wer ihn spielt, darf keinen Stich machen. Geht über das Rufspiel.', en: 'No trump; the declarer must not take a trick. Ranks above the Rufspiel.' },
    description: 'Bettel: no trump, ranks Sau, König, Ober, Unter, Zehn, 9, 8, 7; the declarer must take no trick. Ranks above the Rufspiel and below Wenz and Solo.',
    source: '002 5.3.6.4; NOTES.md',
    type: 'boolean',
    default: false,
  },
  {
    name: 'bettelStichzwang',
    label: { de: 'Stichzwang im Bettel', en: 'Must win in a Bettel' },
    explain: { de: 'Im Bettel muss jeder den Stich nehmen, wenn er es mit der ausgespielten Farbe kann.', en: 'In a Bettel everyone must win the trick when a card of the suit led can.' },
    description: 'In a Bettel every player must win the trick if able (beat the best card so far with a card of the suit led).',
    source: '002 5.3.6.4; conformance README (Bettel variant "stichzwang")',
    sourceDe: '002 5.3.6.4; README der Konformitätsspiele (Bettel-Variante "stichzwang")',
    type: 'boolean',
    default: false,
  },
  {
    name: 'allPass',
    label: { de: 'Wenn alle weiter sagen', en: 'When everyone passes' },
    explain: { de: 'Was geschieht, wenn keiner spielt: Ramsch, Muss-Spiel, Bock, Stock oder neu geben.', en: 'What happens when nobody plays: Ramsch, a forced game, Bock, the Stock or a new deal.' },
    choiceLabels: { ramsch: { de: 'Ramsch', en: 'Ramsch' }, mussspiel: { de: 'Muss-Spiel (der Eichel-Ober spielt)', en: 'Forced game (the Eichel-Ober plays)' }, bock: { de: 'Bock (das nächste Spiel zählt doppelt)', en: 'Bock (the next game counts double)' }, stock: { de: 'Stock (alle zahlen ein)', en: 'Stock (everyone pays in)' }, redeal: { de: 'neu geben', en: 'deal again' } },
    description: 'When all say "weiter": ramsch; mussspiel (the holder of the Eichel-Ober must play, and wins with 60); bock (throw in, the next game counts double); stock (throw in, everyone pays the Stock einsatz into the Stock, paid out to the winning players of the next Rufspiel or doubled by its losing players); redeal (throw in and deal again).',
    source: '002 5.3.7, 6.2.1',
    type: 'choice',
    choices: ['ramsch', 'mussspiel', 'bock', 'stock', 'redeal'],
    default: 'ramsch',
  },
  {
    name: 'klopfen',
    label: { de: 'Klopfen', en: 'Klopfen (knocking)' },
    explain: { de: 'Nach der ersten Hälfte der Karten darf jeder einmal klopfen; das verdoppelt das Spiel.', en: 'After the first half of the cards each player may knock once; it doubles the game.' },
    description: 'Klopfen (Legen): after the first half of the cards each player may knock once, doubling the game.',
    source: 'NOTES.md (not in 002; played on the online sites)',
    sourceDe: 'NOTES.md (nicht in 002; auf den Online-Seiten gespielt)',
    type: 'boolean',
    default: false,
  },
  { name: 'stoss', label: { de: 'Stoß', en: 'Stoß (doubling)' }, explain: { de: 'Ein Gegenspieler darf vor der ersten Karte Stoß geben; das verdoppelt das Spiel.', en: 'An opponent may give Stoß before the first card; it doubles the game.' }, description: 'A non-declarer may give Stoß (Kontra) before the first card, doubling the game.', source: '002 6.4.4', type: 'boolean', default: true },
  {
    name: 'stossDepth',
    label: { de: 'Stoß und Antworten', en: 'Stoß and answers' },
    explain: { de: 'Wie oft verdoppelt werden darf: 1 nur Stoß, 2 Stoß und Re, mehr weitere Antworten.', en: 'How often the game may be doubled: 1 Stoß only, 2 Stoß and Re, more for further answers.' },
    description: 'How many doublings the Stoß exchange may have: 1 = Stoß only, 2 = Stoß and the answer (Re, "Zruck"), more = further answers by turns.',
    source: '002 6.4.4',
    type: 'integer',
    min: 1,
    max: 6,
    default: 2,
  },
  {
    name: 'laufende',
    label: { de: 'Laufende zählen', en: 'Counting Laufende' },
    explain: { de: 'Ob nur Ober und Unter als Laufende zählen (Buch) oder die ganze Trumpfreihe (online).', en: 'Whether only Ober and Unter count as Laufende (the book) or the whole run of trumps (online).' },
    choiceLabels: { herren: { de: 'nur Ober und Unter', en: 'Ober and Unter only' }, allTrumps: { de: 'alle Trümpfe', en: 'all trumps' } },
    description: 'herren: Laufende are counted over Ober and Unter only (at most 8); allTrumps: down the whole trump order, as the online sites count.',
    source: '002 6.3; conformance README',
    sourceDe: '002 6.3; README der Konformitätsspiele',
    type: 'choice',
    choices: ['herren', 'allTrumps'],
    default: 'herren',
  },
  { name: 'laufendeFromRufspiel', label: { de: 'Laufende im Rufspiel ab', en: 'Laufende in a Rufspiel from' }, explain: { de: 'Ab so vielen Laufenden kostet ein Rufspiel mehr.', en: 'From this many Laufende on a Rufspiel costs more.' }, description: 'Laufende are paid in a Rufspiel from this many on.', source: '002 6.4.1', type: 'integer', min: 1, max: 14, default: 3 },
  { name: 'laufendeFromSolo', label: { de: 'Laufende im Solo ab', en: 'Laufende in a Solo from' }, explain: { de: 'Ab so vielen Laufenden kosten Solo, Farbwenz und Farbgeier mehr.', en: 'From this many Laufende on a Solo, Farbwenz or Farbgeier costs more.' }, description: 'Laufende are paid in a Solo, Farbwenz and Farbgeier from this many on.', source: '002 6.4.2', type: 'integer', min: 1, max: 14, default: 3 },
  { name: 'laufendeFromWenz', label: { de: 'Laufende im Wenz ab', en: 'Laufende in a Wenz from' }, explain: { de: 'Ab so vielen Laufenden kosten Wenz und Geier mehr.', en: 'From this many Laufende on a Wenz or Geier costs more.' }, description: 'Laufende are paid in a Wenz and a Geier from this many on.', source: '002 6.4.2', type: 'integer', min: 1, max: 4, default: 2 },
  { name: 'tarifRufspiel', label: { de: 'Preis Rufspiel (Cent)', en: 'Price of a Rufspiel (cents)' }, explain: { de: 'Was jeder Verlierer eines Rufspiels zahlt.', en: 'What each loser of a Rufspiel pays.' }, description: 'Price of a Rufspiel in cents (002: 1 GE).', source: '002 6.4.1', type: 'integer', min: 0, max: 100000, default: 10 },
  { name: 'tarifSolo', label: { de: 'Preis Solo (Cent)', en: 'Price of a Solo (cents)' }, explain: { de: 'Was jeder Gegenspieler bei Solo, Wenz und den anderen Solospielen zahlt oder bekommt.', en: 'What each opponent pays or gets in a Solo, Wenz and the other one-against-three games.' }, description: 'Price of a Solo, Wenz and the other one-against-three games in cents (002: 1 SE, the Soloeinheit).', source: '002 6.4.2', type: 'integer', min: 0, max: 100000, default: 50 },
  { name: 'tarifSchneider', label: { de: 'Zuschlag Schneider (Cent)', en: 'Schneider extra (cents)' }, explain: { de: 'Kommt einmal für Schneider und zweimal für Schwarz dazu.', en: 'Added once for Schneider and twice for Schwarz.' }, description: 'Added once for Schneider and twice for Schwarz, in cents (002: 1 GE, the Grundeinsatz).', source: '002 6.4.1, 6.4.2', type: 'integer', min: 0, max: 100000, default: 10 },
  { name: 'tarifLaufende', label: { de: 'Zuschlag je Laufendem (Cent)', en: 'Extra per Laufender (cents)' }, explain: { de: 'Kommt für jeden bezahlten Laufenden dazu.', en: 'Added for every Laufender that is paid.' }, description: 'Added for every Laufender, in cents (002: 1 GE).', source: '002 6.4.1, 6.4.2', type: 'integer', min: 0, max: 100000, default: 10 },
  { name: 'tarifBettel', label: { de: 'Preis Bettel (Cent)', en: 'Price of a Bettel (cents)' }, explain: { de: 'Was ein Bettel jeden Gegenspieler kostet oder bringt.', en: 'What a Bettel costs or brings each opponent.' }, description: 'Price of a Bettel in cents (002 leaves it to the table; here 1 SE by default).', source: '002 5.3.6', type: 'integer', min: 0, max: 100000, default: 50 },
  { name: 'tarifRamsch', label: { de: 'Preis Ramsch (Cent)', en: 'Price of a Ramsch (cents)' }, explain: { de: 'Was der Verlierer eines Ramschs jedem anderen zahlt.', en: 'What the loser of a Ramsch pays each other player.' }, description: 'What the Ramsch loser pays each other player, in cents (002 leaves it to the table; here 1 GE).', source: '002 5.3.6.3', type: 'integer', min: 0, max: 100000, default: 10 },
  { name: 'stockEinsatz', label: { de: 'Einsatz in den Stock (Cent)', en: 'Stake into the Stock (cents)' }, explain: { de: 'Was jeder in den Stock zahlt, wenn ein Spiel eingeworfen wird.', en: 'What everyone pays into the Stock when a deal is thrown in.' }, description: 'What each player pays into the Stock when a deal is thrown in under allPass=stock, in cents.', source: '002 5.3.7 c', type: 'integer', min: 0, max: 100000, default: 10 },
  {
    name: 'ramschDurchmarsch',
    label: { de: 'Durchmarsch im Ramsch', en: 'Durchmarsch in a Ramsch' },
    explain: { de: 'Wer im Ramsch alle Stiche oder genug Augen macht, gewinnt statt zu verlieren.', en: 'Whoever takes every trick or enough points in a Ramsch wins instead of losing.' },
    choiceLabels: { allTricks: { de: 'alle Stiche', en: 'every trick' }, points: { de: 'genug Augen', en: 'enough points' }, off: { de: 'kein Durchmarsch', en: 'no Durchmarsch' } },
    description: 'A Ramsch player who takes every trick (allTricks) or at least ramschDurchmarschPoints card points (points) wins instead of losing; off: no Durchmarsch.',
    source: '002 5.3.6.3; conformance README',
    sourceDe: '002 5.3.6.3; README der Konformitätsspiele',
    type: 'choice',
    choices: ['allTricks', 'points', 'off'],
    default: 'allTricks',
  },
  { name: 'ramschDurchmarschPoints', label: { de: 'Augen für den Durchmarsch', en: 'Points for a Durchmarsch' }, explain: { de: 'So viele Augen braucht ein Durchmarsch nach Augen.', en: 'The card points a Durchmarsch by points needs.' }, description: 'Card points for a Durchmarsch when ramschDurchmarsch=points.', source: 'conformance README', sourceDe: 'README der Konformitätsspiele', type: 'integer', min: 61, max: 120, default: 120 },
  {
    name: 'ramschJungfrau',
    label: { de: 'Jungfrau im Ramsch', en: 'Jungfrau in a Ramsch' },
    explain: { de: 'Wer im Ramsch keinen Stich macht, ist Jungfrau; ob und wie das den Preis verdoppelt.', en: 'A player without a trick in a Ramsch is a Jungfrau; whether and how that doubles the price.' },
    choiceLabels: { off: { de: 'zählt nicht', en: 'does not count' }, doubleAll: { de: 'verdoppelt den ganzen Ramsch', en: 'doubles the whole Ramsch' }, doubleIndividuallyOnce: { de: 'der Verlierer zahlt ihr doppelt', en: 'the loser pays her double' }, doubleIndividuallyMultiple: { de: 'doppelt je Jungfrau am Tisch', en: 'double per Jungfrau at the table' } },
    description: 'A player who took no trick in a Ramsch is a Jungfrau. doubleAll: every Jungfrau doubles the whole Ramsch; doubleIndividuallyOnce: the loser pays each Jungfrau double; doubleIndividuallyMultiple: the loser pays each Jungfrau doubled once per Jungfrau at the table.',
    source: '002 5.3.6.3; conformance README',
    sourceDe: '002 5.3.6.3; README der Konformitätsspiele',
    type: 'choice',
    choices: ['off', 'doubleAll', 'doubleIndividuallyOnce', 'doubleIndividuallyMultiple'],
    default: 'off',
  },
];

const PRESETS: readonly Preset[] = [
  {
    name: 'aumer-koller',
    label: { de: 'Aumer/Koller (Buch)', en: 'Aumer/Koller (the book)' },
    explain: { de: 'Die Regeln des Buchs: Rufspiel 10 ct, Solo 50 ct, Herz-Solo vorn, Laufende aus Ober und Unter, Ramsch, wenn alle weiter sagen.', en: 'The book\'s rules: Rufspiel 10 ct, Solo 50 ct, Herz-Solo first, Laufende from Ober and Unter, Ramsch when everyone passes.' },
    description: 'The rules of Aumer/Koller, Die Grundzüge des Schafkopf: GE 10 ct, SE 50 ct, Laufende over Ober and Unter, Herz-Solo first, Ramsch when all pass.',
    source: '002; NOTES.md',
    values: {},
  },
  {
    name: 'sauspiel',
    label: { de: 'Online-Regeln', en: 'Online rules' },
    explain: { de: 'Wie auf den großen Online-Seiten: Rufspiel 20 ct, Solo 50 ct, Klopfen, alle Solospiele gleich, neu geben, wenn alle weiter sagen.', en: 'As on the big online sites: Rufspiel 20 ct, Solo 50 ct, Klopfen, all solo games equal, a new deal when everyone passes.' },
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
