import type { Guides } from './guide.js';

/** Karnöffel after 000 (von Leyden / Dummett) and 001 (the Landsknecht house version), in our own words. */
export const KARNOEFFEL_GUIDE: Guides = {
  de: {
    intro: 'Karnöffel ist eines der ältesten Kartenspiele Europas: zwei Teams (oder zwei Spieler) spielen um Runden; wer zuerst die vereinbarte Punktzahl hat, gewinnt die Partie. Man muss weder Farbe bekennen noch stechen, und nur wenige Trümpfe haben Macht.',
    sections: [
      {
        id: 'deal',
        title: 'Karten und Geben',
        source: '000 Kartengeben und Steigern; 001',
        text: [
          '48 Karten in Gras, Eichel, Herz und Schellen, je König, Ober, Unter, Banner (10), 9 bis 3 und Daus (2).',
          'Jeder bekommt fünf Karten: eine offen, dann zweimal zwei verdeckt. Nach den Regeln von 1978 bestimmt die niedrigste Karte der offenen Runde die Trumpffarbe; bei den Landsknechten zieht vorher jeder eine Karte, und die niedrigste bestimmt sie. Zu viert sehen Partner einander in die Karten, zu sechst und acht sieht der Teamführer die Karten seines Teams (hier der erste Spieler jedes Teams, am Tisch oben als „Teamführer“ genannt).',
          'Die Teams sitzen abwechselnd, jeder zwischen zwei Gegnern. Beraten wird laut: was ein Spieler seinem Partner rät, hören alle.',
        ],
      },
      {
        id: 'bidding',
        title: 'Steigern',
        source: '000 Kartengeben und Steigern',
        text: [
          'Eine Runde ist 4 Punkte wert. Während des Gebens darf eine Seite um 3 steigern; die andere nimmt an, gibt auf (dann bekommt die steigernde Seite den Wert vor der Steigerung, und es wird neu gegeben) oder steigert ihrerseits.',
          'Der Geber gibt immer zwei Nachbarn (einem aus jedem Team) und wartet dann: erst darf der eine steigern, dann der andere. Wer gesteigert wird, antwortet für seine Seite, immer der andere dieses Paares; sein Partner oder Teamführer darf ihm laut raten, entscheiden tut er selbst.',
          'Würde eine Seite mit dem jetzigen Wert die Partie gewinnen, sagt sie es an, und es wird nicht mehr gesteigert.',
        ],
      },
      {
        id: 'play',
        title: 'Spielen',
        source: '000 Spieldurchführung; 001',
        text: [
          'Man darf jede Karte spielen: es gibt keinen Farbzwang und keinen Stichzwang. Wer zuerst drei Stiche hat, gewinnt den Wert der Runde.',
          'Der Teufel (die Trumpf-Sieben) darf im ersten Stich nicht ausgespielt werden, bei den Landsknechten dort gar nicht gespielt werden.',
        ],
      },
      {
        id: 'games',
        title: 'Welche Karte sticht',
        source: '000 Die Trümpfe; 001 Tabelle',
        text: [
          'Wird eine Nicht-Trumpffarbe ausgespielt, steigen die Karten so, von unten nach oben: Daus bis Banner der ausgespielten Farbe, Trumpf-Fünf, Unter der Farbe, Trumpf-Vier, Ober der Farbe, Trumpf-Drei, König der Farbe, Kaiser (Trumpf-Zwei), Papst (Trumpf-Sechs), Karnöffel (Trumpf-Unter). Trumpf-König, -Ober, -Banner, -Neun und -Acht haben dann keine Macht, Karten anderer Farben nie.',
          'Wird Trumpf ausgespielt, gewinnen nur Trümpfe: Karnöffel, Papst, Kaiser, König, Drei, Ober, Vier, Fünf, Banner, Neun, Acht.',
          'Der Teufel gewinnt, wenn er ausgespielt ist und der Karnöffel nicht fällt; sonst hat er keine Macht.',
        ],
      },
      {
        id: 'pay',
        title: 'Partie und Einsatz',
        source: '000 Spieldurchführung',
        text: ['Gespielt wird bis zu einer Zahl der Form 10 mal n plus 1: 41, 51, 71 oder 101. Die Verlierer zahlen den vereinbarten Einsatz, doppelt, wenn sie unter der halben Zielzahl geblieben sind, dreifach ohne Punkt.'],
      },
    ],
  },
  en: {
    intro: 'Karnöffel is one of Europe\u2019s oldest card games: two teams (or two players) play rounds, and the first to the agreed total wins the match. Nobody must follow suit or win a trick, and only some trumps have power.',
    sections: [
      {
        id: 'deal',
        title: 'Cards and dealing',
        source: '000 Kartengeben und Steigern; 001',
        text: [
          '48 cards in Gras, Eichel, Herz and Schellen, each with König, Ober, Unter, Banner (10), 9 down to 3 and Daus (2).',
          'Everyone gets five cards: one face up, then two and two face down. Under the 1978 rules the lowest card of the face-up round sets the trump suit; the Landsknecht way, everyone first draws a card and the lowest sets it. With four, partners see each other\u2019s cards; with six or eight the team leader sees the team\u2019s cards (here the first player of each team, named at the top of the table as \u201cTeam leaders\u201d).',
          'The teams sit alternately, each player between two opponents. Advice is given aloud: what a player tells his partner, everyone hears.',
        ],
      },
      {
        id: 'bidding',
        title: 'Raising',
        source: '000 Kartengeben und Steigern',
        text: [
          'A round is worth 4 points. While the cards are dealt a side may raise by 3; the other side accepts, gives up (the raising side then scores the value before the raise, and the cards are dealt again) or raises in turn.',
          'The dealer always deals to two neighbours (one of each team) and then waits: first one of them may raise, then the other. A raise is answered for the side by the other player of that pair; his partner or team leader may advise him aloud, but he decides.',
          'A side that would win the match with the current value says so, and there is no more raising.',
        ],
      },
      {
        id: 'play',
        title: 'Playing',
        source: '000 Spieldurchführung; 001',
        text: [
          'Any card may be played: there is no duty to follow suit or to win. The first side to take three tricks scores the round\u2019s value.',
          'The Teufel (the Devil, the trump 7) may not be led to the first trick; the Landsknecht way it may not be played in it at all.',
        ],
      },
      {
        id: 'games',
        title: 'Which card wins',
        source: '000 Die Trümpfe; 001 table',
        text: [
          'When a plain suit is led, the cards rise from low to high: Daus to Banner of the suit led, trump 5, the suit\u2019s Unter, trump 4, the suit\u2019s Ober, trump 3, the suit\u2019s König, Kaiser (trump 2), Papst (trump 6), Karnöffel (trump Unter). Trump König, Ober, Banner, 9 and 8 then have no power, and cards of other suits never do.',
          'When a trump is led, only trumps win: Karnöffel, Papst, Kaiser, König, 3, Ober, 4, 5, Banner, 9, 8.',
          'The Teufel wins when it is led and the Karnöffel does not fall; otherwise it has no power.',
        ],
      },
      {
        id: 'pay',
        title: 'Match and stake',
        source: '000 Spieldurchführung',
        text: ['The match is played to a total of the form 10 times n plus 1: 41, 51, 71 or 101. The losers pay the agreed stake, twice if they stayed below half the target, three times with no point.'],
      },
    ],
  },
};
