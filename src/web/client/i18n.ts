import type { Lang } from '../../games/present.js';

/** The client's own words; the game terms stay German in both languages. */
const WORDS = {
  title: ['stich', 'stich'],
  tagline: ['Schafkopf, Schnapsen und Karnöffel am Tisch', 'Schafkopf, Schnapsen and Karnöffel at the table'],
  yourName: ['Dein Name', 'Your name'],
  playAsGuest: ['Als Gast spielen', 'Play as a guest'],
  password: ['Passwort', 'Password'],
  login: ['Anmelden', 'Log in'],
  register: ['Registrieren', 'Register'],
  orLogin: ['oder mit Konto', 'or with an account'],
  lobby: ['Lobby', 'Lobby'],
  openTables: ['Offene Tische', 'Open tables'],
  noTables: ['Gerade kein offener Tisch. Mach einen auf!', 'No open table right now. Start one!'],
  newTable: ['Neuer Tisch', 'New table'],
  game: ['Spiel', 'Game'],
  preset: ['Regeln', 'Rules'],
  houseRules: ['Hausregeln', 'House rules'],
  bots: ['Bots auf freien Plätzen', 'Bots in empty seats'],
  botLevel: ['Bot-Stufe', 'Bot level'],
  allBots: ['alle außer mir', 'all but me'],
  noBots: ['keine', 'none'],
  length: ['Länge', 'Length'],
  deals: ['Spiele', 'deals'],
  units: ['Einheiten', 'units'],
  create: ['Tisch eröffnen', 'Open the table'],
  join: ['Hinsetzen', 'Sit down'],
  watch: ['Zuschauen', 'Watch'],
  online: ['online', 'online'],
  invite: ['Einladungslink', 'Invite link'],
  copy: ['Kopieren', 'Copy'],
  waiting: ['Warten auf Mitspieler…', 'Waiting for players…'],
  openSeat: ['freier Platz', 'open seat'],
  sitHere: ['Hier sitzen', 'Sit here'],
  you: ['du', 'you'],
  yourTurn: ['Du bist dran', 'Your turn'],
  turnOf: ['Am Zug', 'To play'],
  lastTrick: ['Letzter Stich', 'Last trick'],
  hide: ['Zu', 'Close'],
  sheet: ['Spielzettel', 'Score sheet'],
  dealOver: ['Spiel vorbei', 'Deal over'],
  sittingOver: ['Sitzung vorbei', 'Sitting over'],
  next: ['Weiter', 'Continue'],
  again: ['Noch eine Runde', 'Play again'],
  toLobby: ['Zur Lobby', 'To the lobby'],
  offline: ['Verbindung unterbrochen – verbinde neu…', 'Connection lost – reconnecting…'],
  refused: ['Nicht erlaubt', 'Not allowed'],
  notLegal: ['Diese Karte darfst du jetzt nicht spielen.', 'You may not play that card now.'],
  notYourTurn: ['Du bist nicht dran.', 'It is not your turn.'],
  spectator: ['Du schaust zu.', 'You are watching.'],
  record: ['Aufzeichnung', 'Record'],
  chat: ['Tischgespräch', 'Table talk'],
  send: ['Senden', 'Send'],
  language: ['English', 'Deutsch'],
  logout: ['Abmelden', 'Log out'],
  bot: ['Bot', 'bot'],
  away: ['weg', 'away'],
  seconds: ['s', 's'],
  keys: ['Tasten: 1–9 wählt eine Karte, ←/→ wandern, Enter spielt', 'Keys: 1–9 picks a card, ←/→ move, Enter plays'],
  loading: ['Lade…', 'Loading…'],
  error: ['Fehler', 'Error'],
  fairVerified: ['Mischen geprüft', 'Shuffle verified'],
  fairChecking: ['Mischen wird geprüft…', 'Checking the shuffle…'],
  fairFailed: ['Mischen NICHT bestätigt', 'Shuffle NOT verified'],
  fairExplain: [
    'In deinem Browser mit Web Crypto geprüft: Die Zusage vor dem Geben ist der SHA-256 des aufgedeckten Seeds, dein Beitrag ist dabei, und das Blatt folgt aus Seed und Beiträgen. Selbst prüfen: stich verify mit der Aufzeichnung.',
    'Checked in your browser with Web Crypto: the commitment shown before the cards is the SHA-256 of the revealed seed, your contribution is in, and the deck follows from the seed and the contributions. Check it yourself: stich verify on the record.',
  ],
  fairCommitment: ['Zusage (vor dem Geben)', 'Commitment (before the cards)'],
  fairContributions: ['Beiträge der Plätze', 'Contributions of the seats'],
  fairSubstituted: ['ersetzt (kein Beitrag)', 'substituted (none sent)'],
  fairSeed: ['Seed des Servers (nach dem Spiel)', "Server's seed (after the deal)"],
  fairContext: ['Spiel · Tisch · Nummer', 'Game · table · number'],
} as const;

export type Word = keyof typeof WORDS;

export function initialLang(): Lang {
  const saved = typeof localStorage !== 'undefined' ? localStorage.getItem('stich.lang') : null;
  if (saved === 'de' || saved === 'en') return saved;
  const nav = typeof navigator !== 'undefined' ? navigator.language : 'de';
  return nav.toLowerCase().startsWith('de') ? 'de' : 'en';
}

export function tr(lang: Lang, w: Word): string {
  return WORDS[w][lang === 'de' ? 0 : 1];
}
