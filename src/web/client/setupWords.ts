import type { Lang } from '../../games/present.js';

/** The words of setting up a table with friends (the create form, the waiting table, a table that is gone, offline). */
const WORDS = {
  visibility: ['Wer den Tisch findet', 'Who finds the table'],
  publicTable: ['Öffentlich: in der Lobby', 'Public: listed in the lobby'],
  privateTable: ['Privat: nur mit dem Link', 'Private: only with the link'],
  seats: ['Plätze', 'Seats'],
  seatN: ['Platz', 'Seat'],
  youSit: ['du', 'you'],
  openForFriend: ['frei (für Freunde)', 'open (for friends)'],
  botOf: ['Bot', 'Bot'],
  pace: ['Tempo der Bots', "Bots' pace"],
  paceFast: ['flott', 'brisk'],
  paceNormal: ['gemütlich', 'steady'],
  paceSlow: ['bedächtig', 'slow'],
  clock: ['Bedenkzeit je Zug', 'Time per move'],
  noClock: ['keine', 'none'],
  units: ['Länge der Sitzung', 'Length of the sitting'],
  orDeals: ['oder Anzahl Spiele', 'or a number of deals'],
  copy: ['Link kopieren', 'Copy link'],
  copied: ['Kopiert ✓', 'Copied ✓'],
  privateNote: ['Privater Tisch: Nur wer den Link hat, findet ihn.', 'Private table: only those with the link find it.'],
  ratedGuestNote: [
    'Ein gewerteter Tisch: Hier sitzen nur registrierte Namen (eine Wertung gehört zu einem Namen, der bleibt). Als Gast schaust du zu; registrieren kannst du dich nach dem Abmelden.',
    'A rated table: only registered names sit here (a rating belongs to a name that lasts). As a guest you watch; you can register after logging out.',
  ],
  yourSeats: ['Deine Plätze', 'Your seats'],
  putBot: ['Bot hinsetzen', 'Seat a bot'],
  fillBots: ['Alle freien Plätze mit Bots besetzen', 'Seat bots on every open seat'],
  removeBot: ['Bot wegnehmen', 'Remove the bot'],
  standUp: ['Aufstehen', 'Leave the seat'],
  inheritedBotsNote: ['Wer den Tisch eröffnet hat, sitzt nicht mehr hier: ihr könnt jetzt Bots auf freie Plätze setzen oder wegnehmen; voll geht es los.', 'The player who opened the table no longer sits here: you may now seat bots on open seats or take them off; a full table starts.'],
  creatorNote: ['Setz Bots auf freie Plätze oder nimm sie weg, bis alle da sind; voll geht es los.', 'Seat bots on open seats or take them off until everyone is here; a full table starts.'],
  unknownTable: ['Diesen Tisch gibt es nicht.', 'There is no such table.'],
  unknownTableNote: ['Vielleicht ist der Link unvollständig.', 'Perhaps the link is incomplete.'],
  unknownPage: ['Diese Seite gibt es nicht.', 'There is no such page.'],
  unknownPageNote: ['Vielleicht ist die Adresse vertippt. Die Tische, die Regeln und die ersten Spiele findest du von der Lobby aus.', 'Perhaps the address has a typo. The tables, the rules and the first deals are found from the lobby.'],
  finishedTable: ['Dieser Tisch ist vorbei.', 'This table is over.'],
  finishedNote: ['Die Sitzung ist gespielt; die Aufzeichnung bleibt.', 'Its sitting has been played; the record stays.'],
  expiredTable: ['Dieser Tisch ist abgelaufen.', 'This table has expired.'],
  expiredNote: ['Er hat gewartet, aber eine Weile saß niemand daran; darum ist er zu.', 'It waited, but nobody sat at it for a while, so it was closed.'],
  nextTable: ['{name} hat einen neuen Tisch eröffnet.', '{name} opened a new table.'],
  ownNextTable: ['Du hast schon einen neuen Tisch eröffnet.', 'You opened a new table already.'],
  joinNext: ['Dazusetzen', 'Join them'],
  toOwnNext: ['Zum neuen Tisch', 'To the new table'],
  playAgain: ['Nochmal: gleiches Spiel, gleiche Regeln', 'Play again: same game, same rules'],
  offlineStart: ['Du bist offline.', 'You are offline.'],
  offlineNote: ['stich braucht den Server. Sobald die Verbindung da ist, geht es von selbst weiter.', 'stich needs its server. As soon as you are connected, it carries on by itself.'],
} as const;

export type SetupWord = keyof typeof WORDS;

export function say(lang: Lang, w: SetupWord): string {
  return WORDS[w][lang === 'de' ? 0 : 1];
}
