import type { Guides } from './guide.js';

/** Schafkopf after 002 (Aumer/Koller) and NOTES.md, in our own words. */
export const SCHAFKOPF_GUIDE: Guides = {
  de: {
    intro: 'Schafkopf spielen vier am Tisch, in jedem Spiel zwei gegen zwei oder einer gegen drei. Wer spielt, braucht mit seinem Partner mehr als die Hälfte der 120 Augen.',
    sections: [
      {
        id: 'deal',
        title: 'Karten und Geben',
        source: '002 3',
        text: [
          'Das Blatt hat 32 Karten in den Farben Eichel, Gras, Herz und Schellen, je Sau, Zehn, König, Ober, Unter, Neun, Acht und Sieben.',
          'Die Augen: Sau 11, Zehn 10, König 4, Ober 3, Unter 2, die kleinen Karten nichts – zusammen 120.',
          'Der Geber teilt jedem zweimal vier Karten aus, beginnend bei Vorhand, dem Spieler zu seiner Linken. Nach jedem Spiel gibt der Nächste im Uhrzeigersinn.',
        ],
      },
      {
        id: 'bidding',
        title: 'Ansagen',
        source: '002 5.3',
        text: [
          'Von Vorhand an sagt jeder „weiter“ oder dass er spielen will. Es gilt das höhere Spiel: Rufspiel, darüber Wenz, Solo, Wenz-Tout, Solo-Tout und ganz oben der Sie. Bei gleich hohen Spielen hat Vorrang, wer früher an der Reihe ist.',
          'Sagen alle weiter, bestimmt die Hausregel „Wenn alle weiter sagen“, was geschieht: Ramsch, ein Muss-Spiel für den Eichel-Ober, Bock, Stock oder neu geben.',
          'Vor der ersten Karte darf ein Gegenspieler Stoß geben; die Spieler dürfen mit Re antworten. Jedes Mal verdoppelt sich der Preis.',
        ],
      },
      {
        id: 'play',
        title: 'Spielen und Stechen',
        source: '002 5.4, 5.3.1.2',
        text: [
          'Vorhand spielt zum ersten Stich aus, danach wer den letzten Stich gemacht hat. Wer die ausgespielte Farbe hat, muss sie zugeben; ist Trumpf ausgespielt, muss man Trumpf zugeben. Wer nicht kann, darf stechen oder abwerfen. Stechen muss niemand.',
          'Den Stich macht der höchste Trumpf, sonst die höchste Karte der ausgespielten Farbe; von zwei gleichen Karten die zuerst gespielte.',
          'Die gerufene Sau im Rufspiel: Wird ihre Farbe zum ersten Mal gespielt, muss ihr Besitzer sie zugeben. Spielt er die Farbe selbst an, muss er mit der Sau kommen, außer er hat vier Karten dieser Farbe (Davonlaufen). Abwerfen darf er sie erst, wenn die Farbe gespielt ist, oder im letzten Stich.',
        ],
      },
      {
        id: 'games',
        title: 'Die Spiele',
        source: '002 5.3, 5.3.6',
        text: ['Trumpf sind, wo nicht anders gesagt, alle Ober, dann alle Unter (je Eichel, Gras, Herz, Schellen), dann die Trumpffarbe von der Sau abwärts.'],
        items: [
          ['Rufspiel', 'Herz ist Trumpf. Der Spieler ruft die Sau einer anderen Farbe, von der er selbst eine Karte, aber nicht die Sau hat; wer sie hält, spielt heimlich mit ihm. Die beiden brauchen 61 Augen.'],
          ['Wenz', 'Nur die vier Unter sind Trumpf; einer gegen drei, 61 Augen.'],
          ['Solo', 'Ober, Unter und eine frei gewählte Farbe sind Trumpf; einer gegen drei, 61 Augen.'],
          ['Tout', 'Ein Wenz oder Solo, in dem der Spieler jeden Stich machen muss; doppelter Preis.'],
          ['Sie', 'Wer alle vier Ober und alle vier Unter hat, gewinnt ohne Spiel.'],
          ['Ramsch, Bettel, Farbwenz, Geier, Farbgeier', 'Nur mit der passenden Hausregel (unten). Im Ramsch spielt jeder für sich, und wer die meisten Augen macht, verliert; im Bettel darf der Spieler keinen Stich machen.'],
        ],
      },
      {
        id: 'pay',
        title: 'Was bezahlt wird',
        source: '002 6',
        text: [
          'Die Verlierer zahlen den Gewinnern. Im Rufspiel zahlt jeder Verlierer den Rufspielpreis, im Solo, Wenz und den anderen Spielen einer gegen drei zahlt oder bekommt jeder Gegenspieler den Solopreis. 60 Augen reichen dem Spieler nicht.',
          'Schneider: wer als Spieler unter 31 oder als Gegenspieler unter 30 Augen bleibt; dafür kommt der Schneider-Zuschlag dazu, für Schwarz (kein Stich) doppelt.',
          'Laufende: Hat eine Seite die obersten Trümpfe ohne Lücke, zahlt die andere für jeden davon einen Zuschlag, wenn es genug sind (Hausregeln „Laufende … ab“).',
          'Tout zahlt doppelt, der Sie vierfach. Jeder Stoß, jedes Re, jedes Klopfen und ein Bock verdoppeln den Betrag.',
        ],
      },
    ],
  },
  en: {
    intro: 'Schafkopf is played by four, each game two against two or one against three. The side that plays needs more than half of the 120 card points.',
    sections: [
      {
        id: 'deal',
        title: 'Cards and dealing',
        source: '002 3',
        text: [
          'The pack has 32 cards in the suits Eichel, Gras, Herz and Schellen, each with Sau, Zehn (10), König, Ober, Unter, 9, 8 and 7.',
          'Card points: Sau 11, Zehn 10, König 4, Ober 3, Unter 2, the small cards nothing: 120 in all.',
          'The dealer gives everyone four cards twice, starting with Vorhand, the player on the left. After each game the next player clockwise deals.',
        ],
      },
      {
        id: 'bidding',
        title: 'Bidding',
        source: '002 5.3',
        text: [
          'From Vorhand on, each says “weiter” (pass) or that they want to play. The higher game is played: Rufspiel, then Wenz, Solo, Wenz-Tout, Solo-Tout and at the top the Sie. Between games of equal rank the player whose turn came first has priority.',
          'When everyone passes, the house rule “When everyone passes” decides: Ramsch, a forced game for the Eichel-Ober, Bock, the Stock, or a new deal.',
          'Before the first card an opponent may give Stoß (double); the players may answer with Re. Each time the price doubles.',
        ],
      },
      {
        id: 'play',
        title: 'Playing the cards',
        source: '002 5.4, 5.3.1.2',
        text: [
          'Vorhand leads to the first trick, then whoever took the last trick. A player holding the suit led must play it; when a trump is led, a trump must be played. Whoever cannot may trump or throw off any card. Nobody has to win the trick.',
          'The trick goes to the highest trump, otherwise to the highest card of the suit led; of two equal cards the first played.',
          'The called Sau in a Rufspiel: when its suit is led for the first time, its holder must play it. Leading the suit himself, he must lead the Sau unless he holds four cards of the suit (Davonlaufen). He may throw it off only once its suit has been led, or in the last trick.',
        ],
      },
      {
        id: 'games',
        title: 'The games',
        source: '002 5.3, 5.3.6',
        text: ['Unless said otherwise the trumps are all Ober, then all Unter (each in the order Eichel, Gras, Herz, Schellen), then the trump suit from the Sau down.'],
        items: [
          ['Rufspiel', 'Herz is trump. The player calls the Sau of another suit of which he holds a card but not the Sau; its holder is his secret partner. The two need 61 points.'],
          ['Wenz', 'Only the four Unter are trump; one against three, 61 points.'],
          ['Solo', 'Ober, Unter and a suit of the player\u2019s choice are trump; one against three, 61 points.'],
          ['Tout', 'A Wenz or Solo in which the player must take every trick; double the price.'],
          ['Sie', 'Whoever holds all four Ober and all four Unter wins without playing.'],
          ['Ramsch, Bettel, Farbwenz, Geier, Farbgeier', 'Only with the matching house rule (below). In a Ramsch everyone plays for himself and the most points lose; in a Bettel the player must take no trick.'],
        ],
      },
      {
        id: 'pay',
        title: 'What is paid',
        source: '002 6',
        text: [
          'Losers pay winners. In a Rufspiel each loser pays the Rufspiel price; in a Solo, Wenz and the other one-against-three games each opponent pays or gets the Solo price. 60 points are not enough for the player.',
          'Schneider: a player side below 31 points or an opposing side below 30; the Schneider extra is added, twice for Schwarz (no trick at all).',
          'Laufende: when one side holds the top trumps without a gap, the other pays an extra for each of them, if there are enough (house rules “Laufende … from”).',
          'A tout pays double, the Sie four times. Every Stoß, Re, Klopfen and a Bock double the amount.',
        ],
      },
    ],
  },
};
