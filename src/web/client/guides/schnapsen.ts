import type { Guides } from './guide.js';

const GAMES_DE: readonly (readonly [string, string])[] = [
  ['Normales Spiel (1 bis 3)', 'Wenn keiner ein Spiel ansagt. Wer zuerst 66 Augen hat oder den letzten Stich macht, gewinnt: 1 Punkt, 2, wenn die Verlierer unter 33 Augen bleiben, 3, wenn sie keinen Stich haben.'],
  ['Bettler (4)', 'Ohne Trumpf; der Ansager darf keinen Stich machen.'],
  ['Schnapser (6)', 'Der Rufer macht allein 66 Augen in drei Stichen (beim Talonschnapsen in vier).'],
  ['Gang (9)', 'Ohne Trumpf alle Stiche; der Ansager spielt aus.'],
  ['Bauernschnapser (12)', 'Alle Stiche mit Trumpf.'],
  ['Kontraschnapser (12)', 'Ein Gegner des Rufers macht 66 in drei Stichen; der Rufer spielt aus.'],
  ['Farbenringerl (18)', 'Fünf Karten einer Farbe, die nicht Trumpf ist; beim Bauernschnapsen durch Herzeigen gewonnen.'],
  ['Kontrabauernschnapser (24)', 'Ein Gegner des Rufers macht alle Stiche mit Trumpf; das beendet das Bummerl.'],
  ['Trumpfringerl (24)', 'Der Rufer hat alle fünf Trümpfe und zeigt sie her.'],
];

const GAMES_EN: readonly (readonly [string, string])[] = [
  ['Normal game (1 to 3)', 'When nobody announces a game. The first to 66 points, or whoever takes the last trick, wins: 1 point, 2 if the losers stay below 33, 3 if they took no trick.'],
  ['Bettler (4)', 'No trump; the announcer must take no trick.'],
  ['Schnapser (6)', 'The Rufer alone makes 66 points in three tricks (four in Talonschnapsen).'],
  ['Gang (9)', 'Every trick without trump; the announcer leads.'],
  ['Bauernschnapser (12)', 'Every trick, with trump.'],
  ['Kontraschnapser (12)', 'An opponent of the Rufer makes 66 in three tricks; the Rufer leads.'],
  ['Farbenringerl (18)', 'Five cards of a suit that is not trump; in Bauernschnapsen won by showing them.'],
  ['Kontrabauernschnapser (24)', 'An opponent of the Rufer takes every trick with trump; it ends the Bummerl.'],
  ['Trumpfringerl (24)', 'The Rufer holds all five trumps and shows them.'],
];

/**
 * Talonschnapsen's normal game (003 "Talonschnapsen": "Bei einem normalen Spiel muss der Rufer auf mindestens 66
 * Punkte kommen"; play.ts judges it so): the Rufer alone needs 66, the last trick decides nothing. The list above,
 * Bauernschnapsen's, said "or whoever takes the last trick" on the Talonschnapsen page too.
 */
const TALON_GAMES_DE: readonly (readonly [string, string])[] = [
  ['Normales Spiel (1 bis 3)', 'Wenn keiner ein Spiel ansagt: der Rufer spielt allein gegen die beiden anderen und braucht 66 Augen; der letzte Stich entscheidet hier nichts, die weggelegten Karten zählen für niemand. 1 Punkt, 2, wenn die Verlierer unter 33 Augen bleiben, 3, wenn sie keinen Stich haben; verliert der Rufer, bekommt jeder der beiden anderen die Punkte.'],
  ...GAMES_DE.slice(1),
];

const TALON_GAMES_EN: readonly (readonly [string, string])[] = [
  ['Normal game (1 to 3)', 'When nobody announces a game: the Rufer plays alone against the other two and needs 66 points; the last trick decides nothing here, and the cards laid away count for nobody. 1 point, 2 if the losers stay below 33, 3 if they took no trick; if the Rufer loses, each of the other two scores the points.'],
  ...GAMES_EN.slice(1),
];

const PLAY_DE = [
  'Die Karte, die zuerst im Stich liegt, bestimmt, was man spielen muss: eine höhere Karte ihrer Farbe, wenn man eine hat; sonst eine niedrigere dieser Farbe; sonst Trumpf, auch wenn schon gestochen ist; sonst irgendeine Karte. Das gilt in jedem Spiel, auch im Bettler.',
  'Wer den Stich macht, spielt zum nächsten aus. Wer ausspielt und König und Ober einer Farbe hat, darf 20 ansagen (in Trumpf 40) und muss dann eine der beiden ausspielen; die Punkte zählen, sobald seine Seite einen Stich hat.',
];

const PLAY_EN = [
  'The card that begins the trick decides what must be played: a higher card of its suit if you have one; otherwise a lower one of that suit; otherwise a trump, even when the trick is already trumped; otherwise any card. This holds in every game, the Bettler included.',
  'Whoever takes a trick leads to the next. A player about to lead who holds König and Ober of one suit may announce 20 (40 in trump) and must then lead one of the two; the points count once his side has a trick.',
];

/** Bauernschnapsen (four players) after 003 and NOTES.md, in our own words. */
export const BAUERN_GUIDE: Guides = {
  de: {
    intro: 'Bauernschnapsen spielen vier, je zwei gegenüber als Team. Jedes Spiel bringt Punkte; welches Team zuerst 24 hat, gewinnt das Bummerl.',
    sections: [
      {
        id: 'deal',
        title: 'Karten und Geben',
        source: '003 Spielkarten, Beginn und Ende',
        text: [
          '20 Karten in Eichel, Gras, Herz (Rot) und Schellen: Ass 11, Zehn 10, König 4, Ober 3, Unter 2 Augen, zusammen 120.',
          'Jeder bekommt fünf Karten, erst drei, dann zwei, beginnend beim Rufer links vom Geber. Der Rufer bestimmt nach seinen ersten drei Karten den Trumpf (Atout) oder deckt eine seiner letzten zwei auf. Mit drei Untern darf er neu geben lassen. Der Rufer gibt das nächste Spiel.',
        ],
      },
      {
        id: 'bidding',
        title: 'Ansagen',
        source: '003 Beginn und Ende, Spritzen',
        text: [
          'Vom Rufer an darf jeder ein höheres Spiel ansagen oder „weiter“ sagen; gespielt wird das höchste. Sagt keiner etwas an, ist es ein normales Spiel.',
          'In jedem Spiel darf die Seite gegen den Spieler bis zur ersten Karte spritzen (doppelt); der Spieler oder sein Partner antwortet mit Retour (vierfach), die Spritzenden darauf mit Re (achtfach). Ist Herz Trumpf, zählt jedes Spiel doppelt (Herzrunde).',
        ],
      },
      { id: 'play', title: 'Farb- und Stichzwang', source: '003 Normales Spiel', text: [...PLAY_DE, 'Der erste Stich jedes Teams bleibt für alle sichtbar.'] },
      { id: 'games', title: 'Die Spiele und ihre Punkte', source: '003 Tabelle der Spiele', text: ['Die Zahl sagt, wie viele Punkte das Spiel dem Gewinner bringt; die regionalen Spiele gibt es nur mit ihrer Hausregel.'], items: GAMES_DE },
      {
        id: 'pay',
        title: 'Bummerl',
        source: '003 Allgemeine Regeln',
        text: ['Die Punkte werden angeschrieben, bis ein Team 24 hat. Die Verlierer bekommen ein Bummerl, zwei (Schneider), wenn sie keinen Punkt haben, und vier (Retourschneider), wenn sie schon 23 zu 0 vorne lagen.'],
      },
    ],
  },
  en: {
    intro: 'Bauernschnapsen is played by four, the two sitting opposite as a team. Every game scores points; the first team to 24 wins the Bummerl.',
    sections: [
      {
        id: 'deal',
        title: 'Cards and dealing',
        source: '003 Spielkarten, Beginn und Ende',
        text: [
          '20 cards in Eichel, Gras, Herz (Rot) and Schellen: Ass 11, Zehn 10, König 4, Ober 3, Unter 2 points, 120 in all.',
          'Everyone gets five cards, three and then two, starting with the Rufer on the dealer\u2019s left. The Rufer names trump (Atout) from his first three cards or turns up one of his last two. With three Unter he may have the cards dealt again. The Rufer deals the next game.',
        ],
      },
      {
        id: 'bidding',
        title: 'Announcing',
        source: '003 Beginn und Ende, Spritzen',
        text: [
          'From the Rufer on, each may announce a higher game or say “weiter” (pass); the highest is played. If nobody announces, it is a normal game.',
          'In every game the side against the player may spritzen (double) until the first card; the player or his partner answers with Retour (four times), the spritzing side then with Re (eight times). With Herz as trump every game counts double (Herzrunde).',
        ],
      },
      { id: 'play', title: 'Following and beating', source: '003 Normales Spiel', text: [...PLAY_EN, 'Each team\u2019s first trick stays in sight of everyone.'] },
      { id: 'games', title: 'The games and their points', source: '003 Tabelle der Spiele', text: ['The number is what the game scores for the winner; the regional games exist only with their house rule.'], items: GAMES_EN },
      {
        id: 'pay',
        title: 'Bummerl',
        source: '003 Allgemeine Regeln',
        text: ['Points are written down until a team reaches 24. The losers get one Bummerl, two (Schneider) if they have no point, and four (Retourschneider) if they had led 23 to 0.'],
      },
    ],
  },
};

/** Talonschnapsen (three players) after 003, in our own words. */
export const TALON_GUIDE: Guides = {
  de: {
    intro: 'Talonschnapsen (Dreierschnapsen) spielen drei, jeder für sich. Die Spiele sind die des Bauernschnapsens; wer ansagt, spielt gegen die beiden anderen.',
    sections: [
      {
        id: 'deal',
        title: 'Karten, Geben und Talon',
        source: '003 Talonschnapsen',
        text: [
          'Die 20 Karten des Bauernschnapsens; jeder bekommt sechs, erst drei, dann drei. Der Spieler links vom Geber ruft nach den ersten drei Karten den Trumpf; zwei Karten liegen verdeckt als Talon.',
        ],
      },
      {
        id: 'bidding',
        title: 'Ansagen und Talon',
        source: '003 Talonschnapsen',
        text: [
          'Vom Rufer an sagt jeder ein höheres Spiel an oder „weiter“. Wer das höchste Spiel angesagt hat, nimmt den Talon auf und legt zwei Karten verdeckt weg. Sagt keiner an, spielt der Rufer ein normales Spiel und darf den Talon gegen zwei seiner Karten tauschen.',
          'Spritzen geht bis zur ersten Karte, auch nach dem Talon.',
        ],
      },
      { id: 'play', title: 'Farb- und Stichzwang', source: '003 Normales Spiel', text: PLAY_DE },
      {
        id: 'games',
        title: 'Die Spiele und ihre Punkte',
        source: '003 Talonschnapsen',
        text: ['Wie beim Bauernschnapsen, außer: der Schnapser braucht vier Stiche, und das Farbenringerl wird gespielt – alle sechs Stiche. Im normalen Spiel braucht der Rufer 66 Augen; der Talon zählt nicht mit.'],
        items: TALON_GAMES_DE,
      },
      {
        id: 'pay',
        title: 'Punkte und Bummerl',
        source: '003 Talonschnapsen',
        text: ['Gewinnt der Spieler, bekommt er die Punkte; verliert er, bekommen sie beide anderen. Bei 24 ist Schluss: wer die wenigsten Punkte hat, bekommt das Bummerl, bei Gleichstand beide.'],
      },
    ],
  },
  en: {
    intro: 'Talonschnapsen (three-handed Schnapsen) is played by three, each for himself. The games are those of Bauernschnapsen; the announcer plays against the other two.',
    sections: [
      {
        id: 'deal',
        title: 'Cards, dealing and the talon',
        source: '003 Talonschnapsen',
        text: ['The 20 cards of Bauernschnapsen; everyone gets six, three and three. The player on the dealer\u2019s left names trump after his first three cards; two cards lie face down as the talon.'],
      },
      {
        id: 'bidding',
        title: 'Announcing and the talon',
        source: '003 Talonschnapsen',
        text: [
          'From the Rufer on, each announces a higher game or says “weiter”. Whoever announced the highest game takes the talon and lays two cards away face down. If nobody announces, the Rufer plays a normal game and may swap the talon for two of his cards.',
          'Spritzen is allowed until the first card, after the talon too.',
        ],
      },
      { id: 'play', title: 'Following and beating', source: '003 Normales Spiel', text: PLAY_EN },
      {
        id: 'games',
        title: 'The games and their points',
        source: '003 Talonschnapsen',
        text: ['As in Bauernschnapsen, except: the Schnapser needs four tricks, and the Farbenringerl is played out, all six tricks. In a normal game the Rufer needs 66 points; the talon does not count.'],
        items: TALON_GAMES_EN,
      },
      {
        id: 'pay',
        title: 'Points and Bummerl',
        source: '003 Talonschnapsen',
        text: ['If the player wins, he scores the points; if he loses, each of the other two does. The game ends at 24: whoever has the fewest points gets the Bummerl, both on a tie.'],
      },
    ],
  },
};
