import type { StichError } from '../../core/result.js';
import type { ResolvedRules, RuleBook } from '../ruleBook.js';

/**
 * Karnöffel house rules. The two presets follow the two documents:
 * `leyden-dummett` = 000 (R. von Leyden, Karnöffel, 1978, with Michael
 * Dummett's rules for today's players), `landsknecht` = 001 (the house
 * version of the "Blauen und Roten"). Every real difference between them is
 * a named rule here.
 */
export interface KarnoeffelRules extends ResolvedRules {
  /** 2, 4, 6 or 8. */
  readonly players: number;
  /** The match is won by the first side to reach it; 10n + 1. */
  readonly target: number;
  readonly trump: 'first-round' | 'drawn';
  readonly direction: 'left' | 'right';
  readonly devilFirstTrick: 'no-lead' | 'no-play';
  readonly twoPlayers: boolean;
  readonly showHands: boolean;
  readonly advisers: 'anyone' | 'leader';
  readonly stake: number;
  readonly multipliers: boolean;
}

export const RULE_BOOK: RuleBook<KarnoeffelRules> = {
  game: 'karnoeffel',
  defaultPreset: 'leyden-dummett',
  houseRules: [
    {
      name: 'players',
      label: { de: 'Spieler', en: 'Players' },
      explain: { de: 'Zwei, vier, sechs oder acht; ab vier zwei Teams, deren Spieler sich am Tisch abwechseln.', en: 'Two, four, six or eight; from four on two teams whose players alternate round the table.' },
      description: 'Number of players: 2, 4, 6 or 8; with more than two, two equal teams whose members alternate round the table.',
      source: '000 "Das Karnöffelspiel"; 001 "Ihr müsset 4, 6 oder 8 Leut sein"',
      type: 'integer',
      min: 2,
      max: 8,
      default: 4,
    },
    {
      name: 'target',
      label: { de: 'Partie bis', en: 'Match to' },
      explain: { de: 'So viele Punkte gewinnen die Partie: immer ein Vielfaches von 10 plus 1 (41, 51, 71, 101).', en: 'The points that win the match: always a multiple of 10 plus 1 (41, 51, 71, 101).' },
      description: 'Points that win a Partie (the match): always a multiple of 10 plus 1 (41, 51, 71, 101 …).',
      source: '000 "Einleitung und Vorbereitung" (41, 51, 71 oder 101); 001 "als erst´s 101 Punkt"',
      type: 'integer',
      min: 11,
      max: 10001,
      default: 41,
    },
    {
      name: 'trump',
      label: { de: 'Trumpf bestimmen', en: 'Choosing trump' },
      explain: { de: 'Die niedrigste Karte der offenen ersten Runde oder eine vor dem Geben gezogene Karte bestimmt die Trumpffarbe.', en: 'The lowest card of the face-up first round, or a card drawn before the deal, sets the trump suit.' },
      choiceLabels: { 'first-round': { de: 'offene erste Runde', en: 'face-up first round' }, drawn: { de: 'vorher gezogen', en: 'drawn before the deal' } },
      description:
        'How the trump suit is set: first-round = the lowest card of the face-up first round of the deal (equal ranks: the card dealt first); drawn = every player draws a card before the deal, the lowest sets trump (equal ranks: the card drawn first), then the pack is shuffled again.',
      source: '000 "Kartengeben und Steigern"; 001 "Nun ziehet jeder eine Kart, die niedrigste ist die Trumpffarb"',
      type: 'choice',
      choices: ['first-round', 'drawn'],
      default: 'first-round',
    },
    {
      name: 'direction',
      label: { de: 'Richtung', en: 'Direction' },
      explain: { de: 'Im Uhrzeigersinn (links vom Geber beginnt) oder rechtsherum (rechts vom Geber beginnt).', en: 'Clockwise (left of the dealer begins) or to the right (right of the dealer begins).' },
      choiceLabels: { left: { de: 'im Uhrzeigersinn', en: 'clockwise' }, right: { de: 'rechtsherum', en: 'to the right' } },
      description:
        'Direction of dealing and play: left = clockwise, the player left of the dealer (Vorhand) is dealt first and leads; right = the player right of the dealer leads and play goes to the right. The deal passes on in the same direction.',
      source: '000 "Das Geben und Spielen vollzieht sich im Uhrzeigersinn"; 001 "Wer rechterhand vom Geber sitzt, spielet aus und rechtsherum also fort"',
      type: 'choice',
      choices: ['left', 'right'],
      default: 'left',
    },
    {
      name: 'devilFirstTrick',
      label: { de: 'Teufel im ersten Stich', en: 'The Teufel in the first trick' },
      explain: { de: 'Der Teufel (Trumpf-Sieben) darf im ersten Stich nicht ausgespielt oder gar nicht gespielt werden.', en: 'The Teufel (the Devil, trump 7) may not be led to the first trick, or not played in it at all.' },
      choiceLabels: { 'no-lead': { de: 'nicht ausspielen', en: 'not led' }, 'no-play': { de: 'gar nicht spielen', en: 'not played at all' } },
      description: 'The Devil (trump 7) in the first trick: no-lead = it may not be led; no-play = it may not be played at all.',
      source: '000 "Beim ersten Stich darf der Teufel nicht ausgespielt werden"; 001 "im ersten Stich dürfet ihr sie nicht gebrauchen"',
      type: 'choice',
      choices: ['no-lead', 'no-play'],
      default: 'no-lead',
    },
    {
      name: 'twoPlayers',
      label: { de: 'Zu zweit erlaubt', en: 'Two players allowed' },
      explain: { de: 'Ob auch zwei Spieler, jeder für sich, spielen dürfen.', en: 'Whether two players, each for himself, may play.' },
      description: 'Whether the game may be played by two players, each for himself.',
      source: '000 "von zwei, vier, sechs oder acht Spielern"; 001 "Ihr müsset 4, 6 oder 8 Leut sein"',
      type: 'boolean',
      default: true,
    },
    {
      name: 'showHands',
      label: { de: 'Karten zeigen', en: 'Showing cards' },
      explain: { de: 'Partner (zu sechst und acht: der Teamführer) sehen die Karten ihres Teams.', en: 'Partners (with six or eight: the team leader) see their team’s cards.' },
      description:
        'Table talk: with four players partners show each other their cards from the deal on; with six or eight each team has a leader (the member who drew the lowest lot, at the team\'s first seat) who sees the teammates\' cards. Off: nobody shows cards.',
      source: '000 "Kartengeben und Steigern" and "Spieldurchführung"; 001 "Beim Reizen könnet Ihr Euch auch die Karten untereinander zeigen"',
      sourceDe: '000 "Kartengeben und Steigern" und "Spieldurchführung"; 001 "Beim Reizen könnet Ihr Euch auch die Karten untereinander zeigen"',
      type: 'boolean',
      default: true,
    },
    {
      name: 'advisers',
      label: { de: 'Wer raten darf', en: 'Who may advise' },
      explain: { de: 'Jeder im Team darf laut raten, oder zu sechst und acht nur der Teamführer.', en: 'Anyone in the team may advise aloud, or with six or eight only the team leader.' },
      choiceLabels: { anyone: { de: 'jeder im Team', en: 'anyone in the team' }, leader: { de: 'nur der Teamführer', en: 'the team leader only' } },
      description:
        'Who may give public advice: anyone = every player to the team; leader = with six or eight players only the team leader (with four, partners always may).',
      source: '000 "Spieldurchführung" (zu sechst oder zu acht hat der Mannschaftsführer das Recht auf derartige Ratschläge); 001 "dass Ihr alles untereinander besprechen dürfet"',
      type: 'choice',
      choices: ['anyone', 'leader'],
      default: 'anyone',
    },
    {
      name: 'stake',
      label: { de: 'Einsatz', en: 'Stake' },
      explain: { de: 'Was jeder Verlierer einer Partie einem Gewinner zahlt.', en: 'What each loser of a match pays a winner.' },
      description: 'The agreed stake each loser of a Partie pays to a winner.',
      source: '000 "Spieldurchführung" (einen vorher vereinbarten Spieleinsatz)',
      type: 'integer',
      min: 1,
      max: 1000000,
      default: 1,
    },
    {
      name: 'multipliers',
      label: { de: 'Doppelt und dreifach', en: 'Double and triple' },
      explain: { de: 'Der Einsatz zählt doppelt, wenn die Verlierer unter der halben Zielzahl bleiben, dreifach ohne Punkte.', en: 'The stake counts double if the losers have less than half the target, triple with no points.' },
      description: 'The stake is doubled if the losers have less than half the target, tripled if they have no points.',
      source: '000 "Spieldurchführung" (verdoppelt … verdreifacht); 001 names no stakes',
      sourceDe: '000 "Spieldurchführung" (verdoppelt … verdreifacht); 001 nennt keinen Einsatz',
      type: 'boolean',
      default: true,
    },
  ],
  presets: [
    {
      name: 'leyden-dummett',
      label: { de: 'von Leyden/Dummett (1978)', en: 'von Leyden/Dummett (1978)' },
      explain: { de: 'Zwei bis acht Spieler, Trumpf aus der offenen Runde, im Uhrzeigersinn, Partie bis 41.', en: 'Two to eight players, trump from the face-up round, clockwise, match to 41.' },
      description: 'R. von Leyden / M. Dummett (1978): 2-8 players, trump from the face-up round, clockwise, match to 41',
      source: '000',
      values: {},
    },
    {
      name: 'landsknecht',
      label: { de: 'Landsknecht-Hausregeln', en: 'Landsknecht house rules' },
      explain: { de: 'Die „Blauen und Roten“: vier, sechs oder acht Spieler, Trumpf gezogen, rechtsherum, Partie bis 101.', en: 'The “Blaue und Rote” (the Blue and the Red side): four, six or eight players, trump drawn, to the right, match to 101.' },
      description: 'The "Blaue und Rote" house version: 4, 6 or 8 players, trump drawn before the deal, play to the right, match to 101',
      source: '001',
      values: { target: 101, trump: 'drawn', direction: 'right', devilFirstTrick: 'no-play', twoPlayers: false },
    },
  ],
  check: checkRules,
};

function checkRules(rules: KarnoeffelRules): StichError | undefined {
  const { players, target } = rules;
  if (![2, 4, 6, 8].includes(players)) {
    return { code: 'badPlayers', message: `Karnöffel is played by 2, 4, 6 or 8 players (two equal teams), not ${players}` };
  }
  if (players === 2 && !rules.twoPlayers) {
    return {
      code: 'badPlayers',
      message: `the ${rules.preset} rules are for 4, 6 or 8 players ("Ihr müsset 4, 6 oder 8 Leut sein", 001); two players need twoPlayers=on (000)`,
    };
  }
  if (target % 10 !== 1) {
    return { code: 'badTarget', message: `the target must be a multiple of 10 plus 1 (41, 51, 71, 101 …), not ${target}` };
  }
  return undefined;
}
