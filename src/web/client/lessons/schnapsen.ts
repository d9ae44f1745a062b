import type { Lesson, LessonStep, Words } from './lesson.js';

/**
 * The first deals of Bauernschnapsen and Talonschnapsen (rules 003). Both
 * show the Rufer calling trump from his first three cards, Farb- und
 * Stichzwang (follow suit, beat the card led if you can, else trump), a
 * Zwanziger announced by the leader, the game ending at 66; Bauernschnapsen
 * adds partners, the announcements and Spritzen, the Herzrunde; Talonschnapsen
 * the talon and the cards laid away.
 */

/**
 * The Bauernschnapsen deck (cut, not knocked) from the four hands in dealing
 * order (the Rufer first): three to each, then two (src/games/schnapsen/deal.ts).
 */
function bauernDeck(hands: readonly (readonly string[])[]): string[] {
  return [...hands.flatMap((h) => h.slice(0, 3)), ...hands.flatMap((h) => h.slice(3, 5))];
}

const CARD_POINTS: Words = {
  de: 'Ass 11, Zehn 10, König 4, Ober 3, Unter 2',
  en: 'Ass 11, Zehn 10, König 4, Ober 3, Unter 2',
};

const YOU = 0;
const KATHI = 1;
const FRANZ = 2;
const VRONI = 3;

const bauernSteps: LessonStep[] = [
  {
    seat: FRANZ,
    action: 'abheben',
    after: {
      de: 'Vroni gibt. Franz, rechts von ihr, hebt ab – er hätte auch klopfen können, dann bekäme jeder alle fünf Karten auf einmal. Jetzt kommen drei Karten für jeden, zuerst für dich.',
      en: 'Vroni deals. Franz, at her right, cuts – he could have knocked instead, then everyone would get all five cards at once. Now three cards each, you first.',
    },
  },
  {
    seat: YOU,
    action: 'trumpf H',
    say: {
      de: 'Du sitzt links von Vroni: du bist der Rufer. Aus deinen ersten drei Karten – Herz-Ass, Schellen-König, Schellen-Ober – bestimmst du den Trumpf. Ruf Herz („Trumpf: Herz“): das Ass ist die höchste Karte, und mit Herz als Trumpf zählt das Spiel doppelt (Herzrunde).',
      en: 'You sit at Vroni’s left: you are the Rufer. From your first three cards – Herz Ass, Schellen König, Schellen Ober – you name the trump suit. Call Herz (“Trump: Herz”): the Ass is the highest card, and with Herz as trump the game counts double (Herzrunde).',
    },
  },
  {
    seat: YOU,
    action: 'weiter',
    say: {
      de: 'Jetzt hast du alle fünf Karten. Franz gegenüber ist dein Partner. Reihum darf jeder ein höheres Spiel ansagen – Schnapser, Bettler, Gang … Mit diesem Blatt spielt ihr das normale Spiel: sag „Weiter“.',
      en: 'Now you hold all five cards. Franz opposite is your partner. In turn everyone may announce a higher game – Schnapser, Bettler, Gang … With this hand you play the normal game: say “Pass”.',
    },
  },
  { seat: KATHI, action: 'weiter' },
  { seat: FRANZ, action: 'weiter' },
  { seat: VRONI, action: 'weiter' },
  { seat: KATHI, action: 'weiter' },
  {
    seat: VRONI,
    action: 'weiter',
    after: {
      de: `Niemand „spritzt“ (verdoppelt). Es gilt das normale Spiel: die Seite, die zuerst 66 Augen hat (${CARD_POINTS.de}) oder den letzten Stich macht, gewinnt.`,
      en: `Nobody doubles (“Spritzen”). The normal game it is: the side that first has 66 card points (${CARD_POINTS.en}) or takes the last trick wins.`,
    },
  },
  {
    seat: YOU,
    action: 'HA',
    say: {
      de: 'Du spielst aus. Es gilt Farb- und Stichzwang: wer die ausgespielte Farbe hat, muss sie bedienen und die Karte schlagen, wenn er kann; wer sie nicht hat, muss trumpfen. Spiel das Herz-Ass: alle, die Herz haben, müssen es zugeben.',
      en: 'Your lead. Farb- und Stichzwang applies: whoever holds the suit led must follow and beat the card if they can; whoever lacks it must trump. Lead the Herz Ass: everyone with Herz must add one.',
    },
  },
  { seat: KATHI, action: 'HZ' },
  { seat: FRANZ, action: 'HK' },
  {
    seat: VRONI,
    action: 'HU',
    wins: YOU,
    after: {
      de: 'Dein Stich, 27 Augen: Kathi musste ihre Herz-Zehn unter dein Ass geben – sie hatte kein anderes Herz. Der erste Stich jeder Seite bleibt offen liegen; alle dürfen ihn sehen.',
      en: 'Your trick, 27 points: Kathi had to give her Herz 10 under your Ass – she had no other Herz. Each side’s first trick stays face up for everyone to see.',
    },
  },
  {
    seat: YOU,
    action: '20 S',
    say: {
      de: 'Du spielst wieder aus und hast König und Ober in Schellen: ein „Zwanziger“. Ansagen darf ihn, wer ausspielt; er zählt 20 Augen, sobald die eigene Seite einen Stich hat – ihr habt schon einen. (König und Ober im Trumpf wären ein Vierziger.) Sag „20 in Schellen“ an.',
      en: 'You lead again and hold König and Ober of Schellen: a “Zwanziger”. Only the player about to lead may announce it; it counts 20 points once the side has a trick – you have one. (König and Ober of trump would be a Vierziger, 40.) Announce “20 in Schellen”.',
    },
  },
  {
    seat: YOU,
    action: 'SO',
    say: {
      de: 'Nach der Ansage musst du König oder Ober ausspielen. Spiel den Schellen-Ober.',
      en: 'After the announcement you must lead the König or the Ober. Lead the Schellen Ober.',
    },
  },
  { seat: KATHI, action: 'SA' },
  { seat: FRANZ, action: 'SU' },
  {
    seat: VRONI,
    action: 'SZ',
    wins: KATHI,
    after: {
      de: 'Kathi musste stechen und nimmt mit dem Schellen-Ass. Auch Vroni musste höher als dein Ober spielen – der Stichzwang zählt gegen die ausgespielte Karte –, also ihre Zehn. Trotzdem: 27 + 20 = 47 Augen für euch, 26 für die Gegner.',
      en: 'Kathi had to beat it and takes it with the Schellen Ass. Vroni too had to play higher than your Ober – the duty to beat counts against the card led – so her 10. Still: 27 + 20 = 47 points for you, 26 for them.',
    },
  },
  { seat: KATHI, action: 'GK' },
  { seat: FRANZ, action: 'GA' },
  { seat: VRONI, action: 'GZ' },
  {
    seat: YOU,
    action: 'GU',
    say: {
      de: 'Kathi spielt den Gras-König; Franz schlägt ihn mit dem Ass, Vroni musste mit der Zehn höher gehen. Du hast nur den Gras-Unter: Farbe musst du bedienen, auch wenn du nicht stechen kannst.',
      en: 'Kathi leads the Gras König; Franz beats it with the Ass, Vroni had to go higher with her 10. You have only the Gras Unter: you must follow suit even when you cannot beat.',
    },
    wins: FRANZ,
    after: {
      de: 'Franz gewinnt mit dem Gras-Ass: 27 Augen, zusammen 74 – mehr als 66. Das Spiel endet sofort, die übrigen Karten werden nicht gespielt. Die Gegner blieben unter 33: das zählt 2 Punkte, in der Herzrunde doppelt – 4.',
      en: 'Franz wins with the Gras Ass: 27 points, 74 in all – more than 66. The game ends at once; the other cards are not played. The opponents stayed below 33: that is worth 2 points, doubled in the Herzrunde – 4.',
    },
  },
];

export const BAUERN_LESSON: Lesson = {
  game: 'bauernschnapsen',
  title: { de: 'Dein erstes Bauernschnapsen', en: 'Your first Bauernschnapsen' },
  learner: YOU,
  names: [
    { de: 'Du', en: 'You' },
    { de: 'Kathi', en: 'Kathi' },
    { de: 'Franz', en: 'Franz' },
    { de: 'Vroni', en: 'Vroni' },
  ],
  dealer: VRONI,
  deck: bauernDeck([
    ['HA', 'SK', 'SO', 'EZ', 'GU'],
    ['HZ', 'SA', 'GK', 'EA', 'EU'],
    ['HK', 'GA', 'EK', 'SU', 'GO'],
    ['HO', 'HU', 'GZ', 'SZ', 'EO'],
  ]),
  carry: { points: [0, 0], trump: null },
  intro: [
    {
      de: 'Bauernschnapsen ist das österreichische Schnapsen zu viert: zwei gegen zwei, die Partner sitzen einander gegenüber, 20 Karten, jeder fünf. Zuerst 24 Punkte beendet ein „Bummerl“.',
      en: 'Bauernschnapsen is the Austrian Schnapsen for four: two against two, partners sit opposite, 20 cards, five each. The first side to 24 points ends a “Bummerl”.',
    },
    {
      de: 'In diesem Spiel bist du der Rufer: du bestimmst den Trumpf, sagst einen Zwanziger an und lernst Farb- und Stichzwang. Du spielst deine Karten selbst; die Seite sagt dir, was und warum.',
      en: 'In this deal you are the Rufer: you name trump, announce a Zwanziger and learn the duty to follow and to beat. You play your own cards; the page tells you what and why.',
    },
  ],
  steps: bauernSteps,
  closing: [
    {
      de: 'Geschafft! Das Wichtigste: Der Rufer bestimmt den Trumpf aus seinen ersten drei Karten. Farb- und Stichzwang: bedienen und die ausgespielte Karte schlagen, wenn möglich, sonst trumpfen. 20 und 40 sagt an, wer ausspielt. 66 Augen oder der letzte Stich gewinnen: 1 Punkt, 2 wenn die Gegner unter 33 bleiben, 3 wenn sie keinen Stich haben.',
      en: 'Done! The essentials: the Rufer names trump from his first three cards. Follow suit and beat the card led if you can, else trump. Whoever leads may announce 20 or 40. 66 points or the last trick win: 1 point, 2 if the opponents stay below 33, 3 if they have no trick.',
    },
    {
      de: 'Schnapser, Bettler, Gang und die anderen Spiele stehen auf der Regelseite. Jetzt an einen Tisch mit Bots – dort hilft dir auch der „Tipp“.',
      en: 'Schnapser, Bettler, Gang and the other games are on the rules page. Now to a table with bots – where the “Hint” button helps too.',
    },
  ],
};

/**
 * The Talonschnapsen deck (cut) from the three hands in dealing order (the
 * Rufer first) and the talon: three to each, the talon, three to each.
 */
function talonDeck(hands: readonly (readonly string[])[], talon: readonly string[]): string[] {
  return [...hands.flatMap((h) => h.slice(0, 3)), ...talon, ...hands.flatMap((h) => h.slice(3, 6))];
}

const POLDI = 1;
const MITZI = 2;

const talonSteps: LessonStep[] = [
  {
    seat: POLDI,
    action: 'abheben',
    after: {
      de: 'Mitzi gibt, Poldi hebt ab. Jeder bekommt drei Karten, dann kommen zwei verdeckt in die Mitte – der Talon –, dann wieder drei für jeden.',
      en: 'Mitzi deals, Poldi cuts. Everyone gets three cards, then two go face down to the middle – the talon – then three more each.',
    },
  },
  {
    seat: YOU,
    action: 'trumpf E',
    say: {
      de: 'Du sitzt links von Mitzi: du bist der Rufer. Aus deinen ersten drei Karten – Eichel-Ass, Gras-König, Gras-Ober – bestimmst du den Trumpf: ruf Eichel („Trumpf: Eichel“), mit dem Ass als höchstem Trumpf.',
      en: 'You sit at Mitzi’s left: you are the Rufer. From your first three cards – Eichel Ass, Gras König, Gras Ober – you name trump: call Eichel (“Trump: Eichel”), the Ass being the highest trump.',
    },
  },
  {
    seat: YOU,
    action: 'weiter',
    say: {
      de: 'Jetzt hast du sechs Karten. Zu dritt spielt jeder für sich: sagt niemand ein höheres Spiel an, spielt der Rufer allein gegen die zwei anderen und braucht 66 Augen. Sag „Weiter“ – du spielst das normale Spiel.',
      en: 'Now you hold six cards. With three, everyone plays for himself: if nobody announces a higher game, the Rufer plays alone against the other two and needs 66 points. Say “Pass” – you play the normal game.',
    },
  },
  { seat: POLDI, action: 'weiter' },
  {
    seat: MITZI,
    action: 'weiter',
    after: {
      de: 'Niemand sagt mehr an. Als Rufer nimmst du jetzt den Talon auf: Eichel-König und Schellen-Unter sind in deiner Hand. Dafür legst du zwei Karten verdeckt weg.',
      en: 'Nobody announces more. As the Rufer you now take up the talon: Eichel König and Schellen Unter are in your hand. In return you lay two cards away face down.',
    },
  },
  {
    seat: YOU,
    action: 'lege SZ SU',
    say: {
      de: 'Leg die Schellen-Zehn und den Schellen-Unter weg: tippe beide an, dann „Weglegen“. Weggelegte Karten zählen für niemanden – aber ohne Schellen bist du dort „blank“: spielt jemand Schellen aus, musst du trumpfen. Die Zehn allein hätte gegen das Schellen-Ass verloren.',
      en: 'Lay away the Schellen 10 and the Schellen Unter: tap both, then “Lay away”. Cards laid away count for nobody – but without Schellen you are void there: when someone leads Schellen you must trump. The 10 alone would have lost to the Schellen Ass.',
    },
  },
  { seat: POLDI, action: 'weiter' },
  {
    seat: MITZI,
    action: 'weiter',
    after: {
      de: `Niemand spritzt. Du spielst aus. Es gilt Farb- und Stichzwang: bedienen und die ausgespielte Karte schlagen, wenn man kann, sonst trumpfen. Zählen: ${CARD_POINTS.de}.`,
      en: `Nobody doubles. Your lead. Follow suit and beat the card led if you can, else trump. Counting: ${CARD_POINTS.en}.`,
    },
  },
  {
    seat: YOU,
    action: 'EA',
    say: {
      de: 'Spiel das Eichel-Ass aus, den höchsten Trumpf: wer Eichel hat, muss zugeben – so ziehst du den Gegnern die Trümpfe.',
      en: 'Lead the Eichel Ass, the highest trump: whoever has Eichel must add one – that draws the opponents’ trumps.',
    },
  },
  { seat: POLDI, action: 'EO' },
  {
    seat: MITZI,
    action: 'EU',
    wins: YOU,
    after: {
      de: 'Dein Stich, 16 Augen. Beide mussten Trumpf zugeben; draußen ist nur noch die Eichel-Zehn, und du hast den König.',
      en: 'Your trick, 16 points. Both had to add a trump; only the Eichel 10 is still out, and you hold the König.',
    },
  },
  {
    seat: YOU,
    action: '20 G',
    say: {
      de: 'Du spielst wieder aus und hast König und Ober in Gras: sag „20 in Gras“ an. Der Zwanziger zählt, denn du hast schon einen Stich.',
      en: 'You lead again and hold König and Ober of Gras: announce “20 in Gras”. It counts, since you have a trick already.',
    },
  },
  {
    seat: YOU,
    action: 'GK',
    say: {
      de: 'Nach der Ansage musst du König oder Ober ausspielen: spiel den Gras-König.',
      en: 'After the announcement you must lead the König or the Ober: lead the Gras König.',
    },
  },
  { seat: POLDI, action: 'GA' },
  {
    seat: MITZI,
    action: 'GZ',
    wins: POLDI,
    after: {
      de: 'Poldi schlägt mit dem Gras-Ass, und Mitzi musste mit der Zehn höher als dein König gehen. 25 Augen für Poldi – dein Zwanziger aber bleibt: du hast 16 + 20 = 36.',
      en: 'Poldi beats it with the Gras Ass, and Mitzi had to go higher than your König with her 10. 25 points to Poldi – but your Zwanziger stays: you have 16 + 20 = 36.',
    },
  },
  { seat: POLDI, action: 'SA' },
  { seat: MITZI, action: 'SO' },
  {
    seat: YOU,
    action: 'EK',
    say: {
      de: 'Poldi spielt das Schellen-Ass. Du hast keine Schellen mehr – du hast sie weggelegt – und musst trumpfen: der Eichel-König sticht das Ass.',
      en: 'Poldi leads the Schellen Ass. You have no Schellen left – you laid them away – so you must trump: the Eichel König beats the Ass.',
    },
    wins: YOU,
    after: {
      de: '18 Augen, du hast 54. So zahlt sich das Weglegen aus.',
      en: '18 points, you have 54. That is what laying away was for.',
    },
  },
  {
    seat: YOU,
    action: 'HA',
    say: {
      de: 'Spiel das Herz-Ass aus: Herz ist nicht Trumpf, und wer Herz hat, muss bedienen und darf dann nicht trumpfen. Über dem Ass steht keine Herz-Karte.',
      en: 'Lead the Herz Ass: Herz is not trump, and whoever holds Herz must follow and may not trump then. No Herz card stands above the Ass.',
    },
  },
  { seat: POLDI, action: 'HZ' },
  {
    seat: MITZI,
    action: 'HK',
    wins: YOU,
    after: {
      de: '25 Augen: du hast 79 – mehr als 66. Das Spiel ist sofort aus, die letzten Karten werden nicht gespielt. Poldi und Mitzi blieben unter 33: 2 Punkte für dich.',
      en: '25 points: you have 79 – more than 66. The game is over at once; the last cards are not played. Poldi and Mitzi stayed below 33: 2 points for you.',
    },
  },
];

export const TALON_LESSON: Lesson = {
  game: 'talonschnapsen',
  title: { de: 'Dein erstes Talonschnapsen', en: 'Your first Talonschnapsen' },
  learner: YOU,
  names: [
    { de: 'Du', en: 'You' },
    { de: 'Poldi', en: 'Poldi' },
    { de: 'Mitzi', en: 'Mitzi' },
  ],
  dealer: MITZI,
  deck: talonDeck(
    [
      ['EA', 'GK', 'GO', 'HA', 'SZ', 'HU'],
      ['EZ', 'GA', 'SA', 'HZ', 'HO', 'EO'],
      ['EU', 'GZ', 'SK', 'HK', 'SO', 'GU'],
    ],
    ['EK', 'SU'],
  ),
  carry: { points: [0, 0, 0], trump: null },
  intro: [
    {
      de: 'Talonschnapsen ist Schnapsen zu dritt: jeder spielt für sich, jeder hat sechs Karten, zwei liegen als Talon verdeckt in der Mitte. Die Regeln des Stechens sind die des Bauernschnapsens.',
      en: 'Talonschnapsen is Schnapsen for three: everyone plays for himself, each holds six cards, two lie face down in the middle as the talon. The rules of the tricks are those of Bauernschnapsen.',
    },
    {
      de: 'In diesem Spiel bist du der Rufer: du bestimmst den Trumpf, nimmst den Talon, legst zwei Karten weg, sagst einen Zwanziger an und spielst allein auf 66. Du spielst deine Karten selbst; die Seite sagt dir, was und warum.',
      en: 'In this deal you are the Rufer: you name trump, take the talon, lay two cards away, announce a Zwanziger and play alone for 66. You play your own cards; the page tells you what and why.',
    },
  ],
  steps: talonSteps,
  closing: [
    {
      de: 'Geschafft! Das Wichtigste: Zu dritt spielt jeder für sich. Im normalen Spiel spielt der Rufer allein, nimmt den Talon und legt zwei Karten weg, die für niemanden zählen – wer dabei eine Farbe ganz weglegt, kann sie später stechen. Farb- und Stichzwang, 20 und 40 und die 66 gelten wie beim Bauernschnapsen.',
      en: 'Done! The essentials: with three, everyone plays for himself. In the normal game the Rufer plays alone, takes the talon and lays away two cards that count for nobody – laying away a whole suit lets you trump it later. Following and beating, 20 and 40 and the 66 work as in Bauernschnapsen.',
    },
    {
      de: 'Die höheren Spiele – Schnapser, Bettler, Gang, auch „ohne“ Talon – stehen auf der Regelseite. Jetzt an einen Tisch mit Bots – dort hilft dir auch der „Tipp“.',
      en: 'The higher games – Schnapser, Bettler, Gang, also “ohne” (without the talon) – are on the rules page. Now to a table with bots – where the “Hint” button helps too.',
    },
  ],
};
