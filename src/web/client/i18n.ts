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
  guest: ['Gast', 'guest'],
  rating: ['Wertung', 'Rating'],
  sittings: ['Sitzungen', 'sittings'],
  noRating: ['Noch keine gewertete Sitzung.', 'No rated sitting yet.'],
  ratingNote: ['OpenSkill je Spiel, angezeigt als μ − 3σ: steigt mit jeder guten Sitzung und je sicherer die Schätzung ist.', 'OpenSkill per game, shown as μ − 3σ: it rises with good sittings and as the estimate grows surer.'],
  recentSittings: ['Letzte Sitzungen', 'Recent sittings'],
  noSittings: ['Noch keine beendete Sitzung.', 'No finished sitting yet.'],
  place: ['Platz', 'place'],
  noSuchPlayer: ['Diesen Spieler gibt es nicht.', 'There is no such player.'],
  myPage: ['Meine Seite', 'My page'],
  disconnected: ['Verbindung weg', 'disconnected'],
  levelEasy: ['leicht', 'easy'],
  levelMedium: ['mittel', 'medium'],
  levelStrong: ['stark', 'strong'],
  levelRandom: ['zufällig', 'random'],
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
