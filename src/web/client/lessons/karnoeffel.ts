import type { Lesson, LessonStep } from './lesson.js';

/**
 * The first deal of Karnöffel (rules 000, Leyden/Dummett, four players):
 * the trump suit from the lowest face-up card, one raise, and in four tricks
 * the privileged cards and their limits: the small Stecher (trump 5, 3) beaten
 * by the König of the suit led, a trump led (only trumps win, the König
 * counts there), the Kaiser under the Papst, the Karnöffel over everything,
 * and the Teufel led once the Karnöffel is gone.
 */

const PACK_ORDER = ['K', 'O', 'U', 'Z', '9', '8', '7', '6', '5', '4', '3', '2'];

/**
 * The deck for four players from their hands in dealing order (Vorhand
 * first): the first card face up (positions 0–3), then two and two
 * (000 "Kartengeben und Steigern"; src/games/karnoeffel/deal.ts handPosition),
 * the rest of the pack after them.
 */
function deckOf(hands: readonly (readonly string[])[]): string[] {
  const n = hands.length;
  const deck: string[] = [];
  hands.forEach((h, i) => {
    deck[i] = h[0];
    deck[n + 2 * i] = h[1];
    deck[n + 2 * i + 1] = h[2];
    deck[3 * n + 2 * i] = h[3];
    deck[3 * n + 2 * i + 1] = h[4];
  });
  const used = new Set(deck);
  for (const s of 'EGHS') for (const r of PACK_ORDER) if (!used.has(s + r)) deck.push(s + r);
  return deck;
}

const YOU = 0;
const HANS = 1;
const JOERG = 2;
const GRETE = 3;

const steps: LessonStep[] = [
  {
    seat: YOU,
    action: 'pass',
    say: {
      de: 'Grete gibt. Die erste Runde kommt offen, immer zwei Spielern auf einmal: du hast die Herz-Neun, Hans die Eichel-Neun. Nach jedem Paar darf gesteigert werden: jede Steigerung macht die Runde um 3 Punkte wertvoller (sie beginnt bei 4). Mit einer Herz-Neun steigert man nicht: klick auf „Nicht steigern“.',
      en: 'Grete deals. The first round comes face up, to two players at a time: you have the Herz 9, Hans the Eichel 9. After each pair a side may raise: each raise makes the round worth 3 more points (it starts at 4). Nobody raises on a Herz 9: click “No raise”.',
    },
  },
  {
    seat: HANS,
    action: 'pass',
    after: {
      de: 'Jetzt liegen alle vier offenen Karten. Die niedrigste bestimmt den Trumpf: Jörgs Gras-Drei. Gras ist Trumpf! In der Trumpffarbe haben drei Karten Namen: der Gras-Unter ist der Karnöffel, die Gras-Sechs der Papst, der Gras-Daus (die Zwei) der Kaiser. Die Gras-Sieben ist der Teufel.',
      en: 'All four face-up cards are out. The lowest sets the trump suit: Jörg’s Gras 3. Gras is trump! Three trumps have names: the Gras Unter is the Karnöffel, the Gras 6 the Papst (Pope), the Gras Daus (the 2) the Kaiser (Emperor). The Gras 7 is the Teufel (Devil).',
    },
  },
  { seat: JOERG, action: 'pass' },
  { seat: GRETE, action: 'pass' },
  {
    seat: YOU,
    action: 'raise',
    say: {
      de: 'Deine zwei verdeckten Karten: der Gras-König und der Gras-Unter – der Karnöffel, die höchste Karte des Spiels! Damit lohnt sich eine Steigerung: klick auf „Steigern auf 7“. Hans muss annehmen, ablehnen (dann gewinnt ihr sofort 4) oder selbst steigern.',
      en: 'Your two cards face down: the Gras König and the Gras Unter – the Karnöffel, the highest card of the game! Worth a raise: click “Raise to 7”. Hans must accept, refuse (then you win 4 at once) or raise again.',
    },
  },
  {
    seat: HANS,
    action: 'accept',
    after: {
      de: 'Hans nimmt an: die Runde zählt jetzt 7 Punkte. Zu viert dürfen Partner einander die Karten zeigen und offen beraten – deshalb siehst du unten auch die Karten deines Partners Jörg.',
      en: 'Hans accepts: the round is now worth 7 points. With four players partners may show each other their cards and talk openly – that is why you also see your partner Jörg’s cards below.',
    },
  },
  { seat: JOERG, action: 'pass' },
  { seat: GRETE, action: 'pass' },
  {
    seat: YOU,
    action: 'pass',
    say: {
      de: 'Deine letzten zwei Karten: die Gras-Sieben – der Teufel – und die Schellen-Vier. Und Jörg hat den Papst (Gras-Sechs) bekommen, das siehst du bei seinen Karten. Einmal gesteigert ist genug: „Nicht steigern“.',
      en: 'Your last two cards: the Gras 7 – the Teufel – and the Schellen 4. And Jörg got the Papst (Gras 6): look at his cards. One raise is enough: “No raise”.',
    },
  },
  { seat: HANS, action: 'pass' },
  { seat: JOERG, action: 'pass' },
  {
    seat: GRETE,
    action: 'pass',
    after: {
      de: 'Alle haben fünf Karten, jetzt wird gestochen. Du sitzt links vom Geber und spielst aus. Es gibt keinen Farbzwang und keinen Stichzwang: jede Karte darf gespielt werden. Die Seite, die zuerst drei Stiche hat, gewinnt die Runde.',
      en: 'Everyone holds five cards; now the tricks. You sit left of the dealer and lead. There is no duty to follow suit and none to win: any card may be played. The side that first takes three tricks wins the round.',
    },
  },
  {
    seat: YOU,
    action: 'play H9',
    say: {
      de: 'Spiel die Herz-Neun aus. Den Teufel darf man zum ersten Stich nicht ausspielen, und Karnöffel und König hebst du auf. Schau zu, wie die anderen die Herz-Neun zu stechen versuchen.',
      en: 'Lead the Herz 9. The Teufel may not be led to the first trick, and you keep the Karnöffel and the König. Watch the others try to beat the Herz 9.',
    },
  },
  { seat: HANS, action: 'play G5' },
  { seat: JOERG, action: 'play G3' },
  {
    seat: GRETE,
    action: 'play HK',
    wins: GRETE,
    after: {
      de: 'Grete gewinnt mit dem Herz-König! Jede Karte hat die vorige geschlagen: die Trumpf-Fünf sticht die Zahlen der ausgespielten Farbe (Daus bis Banner), die Trumpf-Drei alles dieser Farbe bis zum Ober – aber nicht den König. Die kleinen Stecher 3, 4 und 5 haben Grenzen: über der 5 steht der Unter der ausgespielten Farbe, über der 4 der Ober, über der 3 der König. Nur Kaiser, Papst und Karnöffel stechen alles.',
      en: 'Grete wins with the Herz König! Each card beat the one before: trump 5 beats the numbers of the suit led (Daus to Banner), trump 3 everything of that suit up to the Ober – but not the König. The small stabbers 3, 4 and 5 have limits: above the 5 stands the Unter of the suit led, above the 4 its Ober, above the 3 its König. Only Kaiser, Papst and Karnöffel beat everything.',
    },
  },
  { seat: GRETE, action: 'play G9' },
  {
    seat: YOU,
    action: 'play GK',
    say: {
      de: 'Grete spielt die Gras-Neun aus – Trumpf! Dann können nur Trümpfe stechen, in dieser Reihe: Karnöffel, Papst, Kaiser, König, 3, Ober, 4, 5, Banner, 9, 8. Jörg hat den Papst und spielt nach Hans. Gib deinen Gras-König: gegen eine gewöhnliche Farbe hätte er gar keine Stichkraft (Trumpf-König, -Ober, -Banner, -9 und -8 stechen dort nicht), und den Karnöffel brauchst du später.',
      en: 'Grete leads the Gras 9 – a trump! Then only trumps can win, in this order: Karnöffel, Papst, Kaiser, König, 3, Ober, 4, 5, Banner, 9, 8. Jörg holds the Papst and plays after Hans. Give your Gras König: against a plain suit it has no power at all (trump König, Ober, Banner, 9 and 8 never win there), and you need the Karnöffel later.',
    },
  },
  { seat: HANS, action: 'play G2' },
  {
    seat: JOERG,
    action: 'play G6',
    wins: JOERG,
    after: {
      de: 'Hans legt den Kaiser (Gras-Daus) über deinen König – aber Jörgs Papst sticht den Kaiser. Über dem Papst steht nur noch der Karnöffel, und den hast du. Ein Stich für jede Seite.',
      en: 'Hans puts the Kaiser (Gras Daus) over your König – but Jörg’s Papst beats the Kaiser. Only the Karnöffel stands above the Papst, and you hold it. One trick each.',
    },
  },
  { seat: JOERG, action: 'play E3' },
  { seat: GRETE, action: 'play EK' },
  {
    seat: YOU,
    action: 'play GU',
    say: {
      de: 'Jörg spielt die Eichel-Drei aus, Grete legt den Eichel-König darauf, die höchste Karte dieser Farbe. Einen König der ausgespielten Farbe stechen nur Kaiser, Papst und Karnöffel. Stich mit dem Karnöffel (Gras-Unter): ihm ist nichts gewachsen.',
      en: 'Jörg leads the Eichel 3, Grete adds the Eichel König, the highest of that suit. Only Kaiser, Papst and Karnöffel beat the König of the suit led. Take it with the Karnöffel (Gras Unter): nothing stands above it.',
    },
  },
  {
    seat: HANS,
    action: 'play E9',
    wins: YOU,
    after: {
      de: 'Dein Stich: der Karnöffel schlägt jede Karte. Und er ist nun gefallen – damit ist dein Teufel unschlagbar, wenn du ihn ausspielst. 2:1 Stiche für euch.',
      en: 'Your trick: the Karnöffel beats every card. And now it has fallen – which makes your Teufel unbeatable when you lead it. 2:1 in tricks for your side.',
    },
  },
  {
    seat: YOU,
    action: 'play G7',
    say: {
      de: 'Du spielst aus. Der Teufel (Gras-Sieben) hat nur Kraft, wenn er ausgespielt wird: dann sticht ihn allein der Karnöffel. Der ist gefallen – spiel den Teufel aus!',
      en: 'Your lead. The Teufel (Gras 7) has power only when it is led: then nothing but the Karnöffel beats it. That has fallen – lead the Teufel!',
    },
  },
  { seat: HANS, action: 'play G4' },
  { seat: JOERG, action: 'play H2' },
  {
    seat: GRETE,
    action: 'play GO',
    wins: YOU,
    after: {
      de: 'Der Teufel gewinnt: Trumpf-Vier und Trumpf-Ober können ihm nichts anhaben, ausgespielt schlägt ihn nur der Karnöffel. Zugegeben statt ausgespielt hätte er keine Stichkraft gehabt. Drei Stiche – Jörg und du gewinnt die Runde mit 7 Punkten; der fünfte Stich wird nicht mehr gespielt.',
      en: 'The Teufel wins: trump 4 and trump Ober cannot touch it; led, only the Karnöffel beats it. Played to someone else’s lead it would have had no power at all. Three tricks – Jörg and you win the round and its 7 points; the fifth trick is not played.',
    },
  },
];

export const KARNOEFFEL_LESSON: Lesson = {
  game: 'karnoeffel',
  title: { de: 'Dein erstes Karnöffel', en: 'Your first Karnöffel' },
  learner: YOU,
  names: [
    { de: 'Du', en: 'You' },
    { de: 'Hans', en: 'Hans' },
    { de: 'Jörg', en: 'Jörg' },
    { de: 'Grete', en: 'Grete' },
  ],
  dealer: GRETE,
  deck: deckOf([
    ['H9', 'GK', 'GU', 'G7', 'S4'],
    ['E9', 'G5', 'G2', 'G4', 'S8'],
    ['G3', 'G6', 'E3', 'H2', 'EZ'],
    ['HK', 'G9', 'EK', 'GO', 'S5'],
  ]),
  carry: { points: [0, 0] },
  intro: [
    {
      de: 'Karnöffel ist das Spiel der Landsknechte, schon im 15. Jahrhundert gespielt. Vier spielen, zwei gegen zwei: du und dein Partner Jörg (gegenüber) gegen Hans und Grete. Wer zuerst drei Stiche macht, gewinnt die Runde.',
      en: 'Karnöffel is the game of the Landsknechte, played as early as the 15th century. Four play, two against two: you and your partner Jörg (opposite) against Hans and Grete. The side that first takes three tricks wins the round.',
    },
    {
      de: 'Das Besondere: Es gibt keinen Farbzwang, und nur wenige Karten können überhaupt stechen – jede nur bis zu ihrer Grenze. In diesem Spiel lernst du Karnöffel, Papst, Kaiser und Teufel kennen und die kleinen Stecher mit ihren Grenzen. Du spielst deine Karten selbst; die Seite sagt dir, was und warum.',
      en: 'What is special: there is no duty to follow suit, and only a few cards can win a trick at all – each only up to its limit. In this deal you meet the Karnöffel, the Papst, the Kaiser and the Teufel, and the small stabbers with their limits. You play your own cards; the page tells you what and why.',
    },
  ],
  steps,
  closing: [
    {
      de: 'Geschafft! Das Wichtigste auf einen Blick: Karnöffel (Trumpf-Unter) > Papst (Trumpf-6) > Kaiser (Trumpf-2) stechen alles. Trumpf-3, -4 und -5 stechen die ausgespielte Farbe nur bis unter König, Ober und Unter. Trumpf-König, -Ober, -Banner, -9 und -8 stechen nur, wenn Trumpf ausgespielt ist. Der Teufel (Trumpf-7) sticht nur ausgespielt – und nicht im ersten Stich – und verliert nur gegen den Karnöffel.',
      en: 'Done! The essentials at a glance: Karnöffel (trump Unter) > Papst (trump 6) > Kaiser (trump 2) beat everything. Trump 3, 4 and 5 beat the suit led only below its König, Ober and Unter. Trump König, Ober, Banner, 9 and 8 win only when trump is led. The Teufel (trump 7) wins only when led – never to the first trick – and loses only to the Karnöffel.',
    },
    {
      de: 'Eine Partie geht bis 41 Punkte; jede Runde zählt 4 und jede Steigerung 3 mehr. Jetzt an einen Tisch mit Bots – dort hilft dir auch der „Tipp“.',
      en: 'A match goes to 41 points; each round is worth 4, each raise 3 more. Now to a table with bots – where the “Hint” button helps too.',
    },
  ],
};
