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
  // Under a record opened by its link before choosing a name.
  recordVisitor: ['Selbst mitspielen? Ein Name genügt, ein Konto braucht es nicht.', 'Want to play yourself? A name is all it takes, no account needed.'],
  recordVisitorPlay: ['Mitspielen', 'Play'],
  // Refusals of the login form, by the server's code (the server's own message, in English, follows in brackets).
  badName: ['Dieser Name geht nicht', 'This name cannot be used'],
  botNameRefused: ['Ein Name endet nicht auf „(bot)“: so heißen am Tisch die Computerspieler.', 'A name does not end in "(bot)": that is how the computer players are called at the table.'],
  nameTaken: ['Dieser Name ist registriert oder sieht einem registrierten Namen zum Verwechseln ähnlich', 'This name is registered or looks like a registered name'],
  weakPassword: ['Dieses Passwort ist zu kurz, zu verbreitet oder enthält den Namen', 'This password is too short, too common, or contains the name'],
  passwordTooShort: ['Ein Passwort braucht mindestens 8 Zeichen.', 'A password needs at least 8 characters.'],
  changePassword: ['Passwort ändern', 'Change the password'],
  logoutEverywhere: ['Überall abmelden', 'Log out everywhere'],
  logoutEverywhereNote: ['auf jedem Gerät, auch hier', 'on every device, here too'],
  loggedOutElsewhere: ['Du bist abgemeldet: das Passwort wurde geändert, „Überall abmelden“ wurde gewählt, oder in einem anderen Fenster „Abmelden“. Melde dich wieder an.', 'You are logged out: the password was changed, "Log out everywhere" was chosen, or "Log out" in another window. Log in again.'],
  currentPassword: ['Jetziges Passwort', 'Current password'],
  newPassword: ['Neues Passwort', 'New password'],
  currentPasswordWrong: ['Das jetzige Passwort stimmt nicht.', 'The current password is wrong.'],
  passwordChanged: ['Passwort geändert.', 'Password changed.'],
  passwordChangedElsewhere: ['Passwort geändert. Wo du sonst angemeldet warst, bist du jetzt abgemeldet.', 'Password changed. Wherever else you were logged in, you are logged out now.'],
  nameMissing: ['Gib zuerst deinen Namen ein.', 'Enter your name first.'],
  unauthorized: ['Unbekannter Name oder falsches Passwort', 'Unknown name or wrong password'],
  tooManyLogins: ['Zu viele Fehlversuche: bitte warten, Sekunden:', 'Too many failed logins: please wait, seconds:'],
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
  backToSeat: ['Zurück an deinen Platz', 'Back to your seat'],
  yourTable: ['Dein Tisch', 'Your table'],
  botActedForYou: ['Deine Zeit war um: der Bot hat für dich entschieden.', 'Your time ran out: the bot decided for you.'],
  yourTables: ['Deine Tische', 'Your tables'],
  online: ['online', 'online'],
  invite: ['Einladungslink', 'Invite link'],
  copy: ['Kopieren', 'Copy'],
  waiting: ['Warten auf Mitspieler…', 'Waiting for players…'],
  openSeat: ['freier Platz', 'open seat'],
  sitHere: ['Hier sitzen', 'Sit here'],
  you: ['du', 'you'],
  yourTurn: ['Du bist dran', 'Your turn'],
  soundOn: ['Ton: an', 'Sound: on'],
  nextDealSoon: ['Gleich wird gegeben: sobald alle das letzte Spiel gelesen haben, höchstens 15 s.', 'The cards come in a moment: once everyone has read the last deal, 15 s at most.'],
  noDealsYet: ['Noch kein Spiel zu Ende.', 'No deal finished yet.'],
  soundOff: ['Ton: aus', 'Sound: off'],
  theTrick: ['Der Stich', 'The trick'],
  lastTrick: ['Letzter Stich', 'Last trick'],
  hide: ['Zu', 'Close'],
  sheet: ['Spielzettel', 'Score sheet'],
  dealOver: ['Spiel vorbei', 'Deal over'],
  sittingOver: ['Sitzung vorbei', 'Sitting over'],
  next: ['Weiter', 'Continue'],
  again: ['Noch eine Runde', 'Play again'],
  againStarted: ['Die nächste Runde hat schon begonnen.', 'The next sitting has already begun.'],
  toLobby: ['Zur Lobby', 'To the lobby'],
  offline: ['Verbindung unterbrochen – verbinde neu…', 'Connection lost – reconnecting…'],
  newBuild: ['Eine neue Version von stich ist da.', 'A new version of stich is here.'],
  reload: ['Neu laden', 'Reload'],
  loadFailed: ['Dieser Teil der Seite ließ sich nicht laden.', 'This part of the page could not be loaded.'],
  reloadNote: ['Holt die neue Version; ein laufendes Spiel geht danach weiter.', 'Fetches the new version; a running game goes on afterwards.'],
  refused: ['Nicht erlaubt', 'Not allowed'],
  rulesTitle: ['Regeln', 'Rules'],
  rulesOf: ['Die Regeln dieses Spiels', 'The rules of this game'],
  presets: ['Regelsätze', 'Rule sets'],
  standardPreset: ['Vorgabe', 'default'],
  ruleDefault: ['Vorgabe', 'default'],
  noSuchGame: ['Dieses Spiel gibt es hier nicht.', 'There is no such game here.'],
  notLegal: ['Diese Karte darfst du jetzt nicht spielen.', 'You may not play that card now.'],
  notYourTurn: ['Du bist nicht dran.', 'It is not your turn.'],
  spectator: ['Du schaust zu.', 'You are watching.'],
  record: ['Aufzeichnung', 'Record'],
  analyse: ['Analyse', 'Analysis'],
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
  sittings: ['Sitzungen', 'Sittings'],
  noRating: ['Noch keine gewertete Sitzung.', 'No rated sitting yet.'],
  provisional: ['vorläufig', 'provisional'],
  ratingNote: ['OpenSkill je Spiel, angezeigt als μ − 3σ: steigt mit jeder guten Sitzung und je sicherer die Schätzung ist; vorläufig bis zur fünften Sitzung.', 'OpenSkill per game, shown as μ − 3σ: it rises with good sittings and as the estimate grows surer; provisional until the fifth sitting.'],
  recentSittings: ['Letzte Sitzungen', 'Recent sittings'],
  noSittings: ['Noch keine beendete Sitzung.', 'No finished sitting yet.'],
  noSuchPlayer: ['Diesen Spieler gibt es nicht.', 'There is no such player.'],
  myPage: ['Meine Seite', 'My page'],
  disconnected: ['Verbindung weg', 'disconnected'],
  seatFreedIn: ['Platz frei in', 'seat free in'],
  botPlaysForSeat: ['Bot spielt', 'bot plays'],
  sheetLegend: ['Je Spalte oben dieses Spiel, darunter der Stand danach.', 'In each column: this deal above, the running total below.'],
  levelEasy: ['leicht', 'easy'],
  levelMedium: ['mittel', 'medium'],
  levelStrong: ['stark', 'strong'],
  /** `strong-1`, kept to compare bots with: not offered to players, but a table may seat it (by its name in the API). */
  levelStrong1: ['stark, alte Fassung (zum Vergleich)', 'strong, old version (for comparison)'],
  levelRandom: ['zufällig', 'random'],
  fairVerified: ['Mischen geprüft', 'Shuffle verified'],
  fairChecking: ['Mischen wird geprüft…', 'Checking the shuffle…'],
  fairFailed: ['Mischen NICHT bestätigt', 'Shuffle NOT verified'],
  fairExplain: [
    'In deinem Browser mit Web Crypto geprüft: Die Zusage vor dem Geben ist der SHA-256 des aufgedeckten Seeds, dein Beitrag ist dabei, und das Blatt folgt aus Seed und Beiträgen. Selbst prüfen: stich verify mit der Aufzeichnung.',
    'Checked in your browser with Web Crypto: the commitment shown before the cards is the SHA-256 of the revealed seed, your contribution is in, and the deck follows from the seed and the contributions. Check it yourself: stich verify on the record.',
  ],
  learnFirstDeal: ['Erstes Spiel lernen', 'Learn with a first deal'],
  learnFirstDealNote: ['Ein geführtes Spiel mit festen Karten: du spielst, die Seite erklärt jeden Stich.', 'A guided deal with fixed cards: you play, the page explains every trick.'],
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

/** A rating or a μ and σ with one decimal, in the page's language (22,9 in German, 22.9 in English), a negative one with the minus sign used everywhere else (−0,9). */
export function oneDecimal(lang: Lang, x: number): string {
  return new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(x).replace('-', '−');
}

/** A finishing place as people say it: "4. Platz" in German, "4th place" in English (not the German "4. place"). */
export function placeWords(lang: Lang, place: number): string {
  if (lang === 'de') return `${place}. Platz`;
  const teen = place % 100 >= 11 && place % 100 <= 13;
  const suffix = teen ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[place % 10] ?? 'th';
  return `${place}${suffix} place`;
}

/** A refusal for too many logins in the page's words, with the seconds to wait that the server's message names. */
export function tooManyLoginsText(lang: Lang, message: string | undefined): string {
  return `${tr(lang, 'tooManyLogins')} ${/(\d+) s/.exec(message ?? '')?.[1] ?? '?'}`;
}
