import type { Lesson, LessonStep } from './lesson.js';

/**
 * The first deal of Schafkopf (rules 002, Aumer/Koller): the learner in
 * Vorhand plays a Rufspiel on the Eichel-Sau. In eight tricks: the trump
 * order (every Ober and Unter and all Herz), trump must follow trump, the
 * called Sau must come when its suit is first led and shows the partner,
 * following suit, a void suit left free to trump or to schmieren, card points
 * (61 of 120 win; the opponents are Schneider below 30).
 */

/** The deck from the four hands in speaking order (Vorhand first): four cards each, twice (src/games/schafkopf/state.ts). */
function deckOf(hands: readonly (readonly string[])[]): string[] {
  return [0, 4].flatMap((from) => hands.flatMap((h) => h.slice(from, from + 4)));
}

const YOU = 0;
const RESI = 1;
const SEPP = 2;
const SCHORSCH = 3;

const steps: LessonStep[] = [
  {
    seat: YOU,
    action: 'rufspiel E',
    say: {
      de: 'Schorsch hat gegeben; du sitzt links von ihm, bist Vorhand und sagst als Erste(r) an. Im Rufspiel sind alle Ober, alle Unter und alle Herz Trumpf: du hast fünf davon (Eichel-Ober, Gras-Ober, Eichel-Unter, Herz-Sau, Herz-Neun) und die Schellen-Sau. Damit spielst du ein Rufspiel: du rufst eine Sau, und wer sie hat, ist heimlich dein Partner. Rufen darfst du eine Sau, deren Farbe du hast, aber nicht die Sau selbst – du hast die Eichel-Neun: wähle das Rufspiel auf die Eichel-Sau.',
      en: 'Schorsch dealt; you sit at his left, you are Vorhand and speak first. In a Rufspiel every Ober, every Unter and all Herz are trump: you hold five of them (Eichel Ober, Gras Ober, Eichel Unter, Herz Sau, Herz 9) and the Schellen Sau. So you play a Rufspiel: you call a Sau, and whoever holds it is secretly your partner. You may call a Sau whose suit you hold, but not the Sau itself – you hold the Eichel 9: choose the Rufspiel with the Eichel Sau.',
    },
  },
  { seat: RESI, action: 'weiter' },
  { seat: SEPP, action: 'weiter' },
  {
    seat: SCHORSCH,
    action: 'weiter',
    after: {
      de: 'Alle anderen sagen „weiter“: du spielst. Bevor die erste Karte fällt, dürfen die Gegner noch „Stoß“ geben und das Spiel verdoppeln.',
      en: 'Everyone else passes: you play. Before the first card the opponents may still give “Stoß” and double the game.',
    },
  },
  { seat: RESI, action: 'weiter' },
  { seat: SEPP, action: 'weiter' },
  { seat: SCHORSCH, action: 'weiter' },
  {
    seat: YOU,
    action: 'EO',
    say: {
      de: 'Kein Stoß. Ihr zwei braucht 61 der 120 Augen: Sau 11, Zehn 10, König 4, Ober 3, Unter 2, Neun, Acht, Sieben nichts. Mit vielen Trümpfen spielt man Trumpf, um sie den Gegnern herauszuziehen. Die Trümpfe von oben: Eichel-, Gras-, Herz-, Schellen-Ober, dann die Unter in derselben Reihe, dann Herz-Sau, -Zehn, -König, -Neun, -Acht, -Sieben. Spiel den Eichel-Ober, den höchsten.',
      en: 'No Stoß. The two of you need 61 of the 120 card points: Sau 11, Zehn 10, König 4, Ober 3, Unter 2, 9, 8, 7 nothing. With many trumps you lead trump to draw the opponents’ trumps. The trumps from the top: Eichel, Gras, Herz, Schellen Ober, then the Unter in the same order, then Herz Sau, 10, König, 9, 8, 7. Lead the Eichel Ober, the highest.',
    },
  },
  { seat: RESI, action: 'H8' },
  { seat: SEPP, action: 'HZ' },
  {
    seat: SCHORSCH,
    action: 'H7',
    wins: YOU,
    after: {
      de: 'Dein Stich: über dem Eichel-Ober steht nichts. Auf Trumpf muss Trumpf zugegeben werden, wer einen hat. Sepp hat die Herz-Zehn dazugelegt, 10 Augen – er „schmiert“, denn er weiß, dass er dein Partner ist.',
      en: 'Your trick: nothing stands above the Eichel Ober. Trump must be followed with trump by anyone who has one. Sepp added the Herz 10, 10 points – he “schmiert” (greases), because he knows he is your partner.',
    },
  },
  {
    seat: YOU,
    action: 'GO',
    say: {
      de: 'Noch einmal Trumpf: der Gras-Ober. Herz- und Schellen-Ober sind noch draußen, aber beide stehen unter ihm.',
      en: 'Trump once more: the Gras Ober. The Herz and Schellen Ober are still out, but both rank below it.',
    },
  },
  { seat: RESI, action: 'GU' },
  { seat: SEPP, action: 'SU' },
  {
    seat: SCHORSCH,
    action: 'HU',
    wins: YOU,
    after: {
      de: 'Wieder deiner. Jeder Ober sticht jeden Unter; untereinander gilt Eichel vor Gras vor Herz vor Schellen. Acht der vierzehn Trümpfe sind gefallen.',
      en: 'Yours again. Every Ober beats every Unter; among themselves Eichel before Gras before Herz before Schellen. Eight of the fourteen trumps have fallen.',
    },
  },
  {
    seat: YOU,
    action: 'E9',
    say: {
      de: 'Jetzt suchst du die gerufene Sau: spiel die Eichel-Neun aus. Wer die Eichel-Sau hat, muss sie zugeben, sobald Eichel zum ersten Mal gespielt wird.',
      en: 'Now look for the called Sau: lead the Eichel 9. Whoever holds the Eichel Sau must play it as soon as Eichel is led for the first time.',
    },
  },
  { seat: RESI, action: 'E8' },
  { seat: SEPP, action: 'EA' },
  {
    seat: SCHORSCH,
    action: 'EZ',
    wins: SEPP,
    after: {
      de: 'Sepp muss die Eichel-Sau zugeben – jetzt wissen alle: Sepp ist dein Partner. Die Sau ist die höchste Karte ihrer Farbe (Sau, Zehn, König, Neun, Acht, Sieben; Ober und Unter gehören zum Trumpf, nicht zu Eichel). Schorsch musste Eichel bedienen und seine Zehn hergeben: 21 Augen für euch.',
      en: 'Sepp must play the Eichel Sau – now everyone knows: Sepp is your partner. The Sau is the highest card of its suit (Sau, 10, König, 9, 8, 7; Ober and Unter belong to the trumps, not to Eichel). Schorsch had to follow Eichel and give up his 10: 21 points for you.',
    },
  },
  { seat: SEPP, action: 'GA' },
  { seat: SCHORSCH, action: 'G8' },
  {
    seat: YOU,
    action: 'SK',
    say: {
      de: 'Sepp spielt die Gras-Sau aus, die höchste Gras-Karte. Du hast kein Gras: dann musst du nicht bedienen – du darfst stechen oder irgendeine Karte abwerfen. Nach dir kommt nur noch Resi; sticht sie nicht, gehört der Stich euch. Schmier deinem Partner den Schellen-König (4 Augen); die Schellen-Sau behältst du, sie macht später selbst einen Stich.',
      en: 'Sepp leads the Gras Sau, the highest Gras card. You have no Gras: then you need not follow – you may trump or throw any card. Only Resi plays after you; unless she trumps, the trick is yours. Schmier your partner the Schellen König (4 points); keep the Schellen Sau, it will win a trick of its own.',
    },
  },
  {
    seat: RESI,
    action: 'G9',
    wins: SEPP,
    after: {
      de: 'Resi musste Gras bedienen und konnte nicht stechen: der Stich geht an Sepp. Ihr habt schon 58 Augen – es fehlen nur 3 bis 61.',
      en: 'Resi had to follow Gras and could not trump: the trick goes to Sepp. You have 58 points already – only 3 short of 61.',
    },
  },
  { seat: SEPP, action: 'E7' },
  { seat: SCHORSCH, action: 'SO' },
  {
    seat: YOU,
    action: 'H9',
    say: {
      de: 'Sepp spielt die Eichel-Sieben. Schorsch hat kein Eichel mehr und sticht mit dem Schellen-Ober. Auch du hast kein Eichel mehr, aber Eichel-Unter und Herz-Sau stehen unter jedem Ober: den Stich bekommst du nicht. Gib die Herz-Neun – sie zählt nichts.',
      en: 'Sepp leads the Eichel 7. Schorsch has no Eichel left and trumps with the Schellen Ober. You have no Eichel either, but Eichel Unter and Herz Sau rank below every Ober: you cannot win this trick. Give the Herz 9 – it counts nothing.',
    },
  },
  {
    seat: RESI,
    action: 'EK',
    wins: SCHORSCH,
    after: {
      de: 'Schorsch gewinnt: wer eine Farbe nicht hat, darf mit Trumpf stechen, und ein Trumpf schlägt jede Farbkarte. Nur 7 Augen für die Gegner – weil du die Neun gegeben hast und nicht die Sau.',
      en: 'Schorsch wins: whoever lacks a suit may trump, and a trump beats every card of a plain suit. Only 7 points for the opponents – because you gave the 9 and not the Sau.',
    },
  },
  { seat: SCHORSCH, action: 'SZ' },
  {
    seat: YOU,
    action: 'SA',
    say: {
      de: 'Schorsch spielt die Schellen-Zehn. Du hast die Schellen-Sau und musst Schellen bedienen – die Sau sticht die Zehn.',
      en: 'Schorsch leads the Schellen 10. You hold the Schellen Sau and must follow Schellen – the Sau beats the 10.',
    },
  },
  { seat: RESI, action: 'S9' },
  {
    seat: SEPP,
    action: 'S7',
    wins: YOU,
    after: {
      de: '21 Augen in einem Stich: Sau und Zehn. Ihr habt 79 Augen – das Spiel ist gewonnen. Jetzt geht es um den Schneider: bleiben die Gegner unter 30 Augen, zählt das Spiel mehr.',
      en: '21 points in one trick: Sau and 10. You have 79 – the game is won. Now it is about Schneider: if the opponents stay below 30 points, the game is worth more.',
    },
  },
  {
    seat: YOU,
    action: 'EU',
    say: {
      de: 'Du hast noch den Eichel-Unter und die Herz-Sau; Resi hat vermutlich noch den Herz-Ober. Spiel den Eichel-Unter aus: verlierst du ihn an den Ober, sind es nur 2 Augen statt 11, und die Herz-Sau bleibt dir für den letzten Stich.',
      en: 'You have the Eichel Unter and the Herz Sau left; Resi probably still holds the Herz Ober. Lead the Eichel Unter: losing it to the Ober costs 2 points instead of 11, and you keep the Herz Sau for the last trick.',
    },
  },
  { seat: RESI, action: 'HO' },
  { seat: SEPP, action: 'HK' },
  {
    seat: SCHORSCH,
    action: 'S8',
    wins: RESI,
    after: {
      de: 'Resi sticht mit dem Herz-Ober. Sepp musste Trumpf zugeben (den Herz-König, 4 Augen), Schorsch hatte keinen Trumpf mehr und gab eine Schellen-Acht. Die Gegner haben 16 Augen.',
      en: 'Resi takes it with the Herz Ober. Sepp had to follow trump (the Herz König, 4 points); Schorsch had no trump left and gave the Schellen 8. The opponents have 16 points.',
    },
  },
  { seat: RESI, action: 'GZ' },
  { seat: SEPP, action: 'G7' },
  { seat: SCHORSCH, action: 'GK' },
  {
    seat: YOU,
    action: 'HA',
    say: {
      de: 'Letzter Stich: Resi spielt die Gras-Zehn. Du hast kein Gras – stich mit der Herz-Sau, deinem letzten Trumpf.',
      en: 'Last trick: Resi leads the Gras 10. You have no Gras – trump with the Herz Sau, your last trump.',
    },
    wins: YOU,
    after: {
      de: 'Der letzte Stich bringt 25 Augen. Ihr habt 104 Augen, die Gegner 16: gewonnen, und die Gegner sind „Schneider“ (unter 30).',
      en: 'The last trick brings 25 points. You have 104, the opponents 16: won, and the opponents are “Schneider” (below 30).',
    },
  },
];

export const SCHAFKOPF_LESSON: Lesson = {
  game: 'schafkopf',
  title: { de: 'Dein erster Schafkopf', en: 'Your first Schafkopf' },
  learner: YOU,
  names: [
    { de: 'Du', en: 'You' },
    { de: 'Resi', en: 'Resi' },
    { de: 'Sepp', en: 'Sepp' },
    { de: 'Schorsch', en: 'Schorsch' },
  ],
  dealer: SCHORSCH,
  deck: deckOf([
    ['EO', 'GO', 'EU', 'HA', 'H9', 'E9', 'SA', 'SK'],
    ['HO', 'GU', 'H8', 'EK', 'E8', 'GZ', 'G9', 'S9'],
    ['EA', 'E7', 'HZ', 'HK', 'SU', 'GA', 'G7', 'S7'],
    ['SO', 'HU', 'H7', 'EZ', 'GK', 'G8', 'SZ', 'S8'],
  ]),
  intro: [
    {
      de: 'Schafkopf ist das bayerische Kartenspiel: vier Spieler, 32 Karten, jeder acht. Wer ein Spiel ansagt, spielt mit einem Partner oder allein gegen die anderen; gezählt werden die Augen der gewonnenen Stiche.',
      en: 'Schafkopf is the Bavarian card game: four players, 32 cards, eight each. Whoever announces a game plays with a partner or alone against the others; what counts are the card points of the tricks won.',
    },
    {
      de: 'In diesem Spiel sagst du ein Rufspiel an und lernst die Trümpfe, das Bedienen, die gerufene Sau, das Stechen und Schmieren und das Zählen. Du spielst deine Karten selbst; die Seite sagt dir, was und warum.',
      en: 'In this deal you announce a Rufspiel and learn the trumps, following suit, the called Sau, trumping and schmieren, and counting. You play your own cards; the page tells you what and why.',
    },
  ],
  steps,
  closing: [
    {
      de: 'Geschafft! Das Wichtigste: Im Rufspiel sind Ober, Unter und Herz Trumpf – 14 Karten, Ober vor Unter, jeweils Eichel, Gras, Herz, Schellen. Farbe und Trumpf müssen bedient werden; wer nicht bedienen kann, darf stechen oder schmieren. Die gerufene Sau muss kommen, wenn ihre Farbe zum ersten Mal gespielt wird. 61 Augen gewinnen; wer gegen den Spieler unter 30 Augen bleibt, ist Schneider.',
      en: 'Done! The essentials: in a Rufspiel Ober, Unter and Herz are trump – 14 cards, Ober before Unter, each Eichel, Gras, Herz, Schellen. Suit and trump must be followed; whoever cannot follow may trump or schmier. The called Sau must come when its suit is first led. 61 points win; opponents of the declarers who stay below 30 points are Schneider.',
    },
    {
      de: 'Wenz und Solo stehen auf der Regelseite. Jetzt an einen Tisch mit Bots – dort hilft dir auch der „Tipp“.',
      en: 'Wenz and Solo are on the rules page. Now to a table with bots – where the “Hint” button helps too.',
    },
  ],
};
