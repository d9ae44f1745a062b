import type { Lang } from '../../games/present.js';
import { COMMAND_LINE_REASONS } from '../../shared/auditReasons.js';

/** The words of moderation: reporting at the table, the admin page (/admin), its audit log. Beside i18n.ts, by concern. */
const WORDS = {
  reported: ['Gemeldet. Danke!', 'Reported. Thank you!'],
  tooManyReports: ['Zu viele Meldungen in einer Stunde: später wieder.', 'Too many reports in an hour: try later.'],
  tableClosed: ['Die Moderation hat den Tisch geschlossen', 'A moderator closed this table'],
  lineHidden: ['(von der Moderation ausgeblendet)', '(hidden by a moderator)'],
  reportLine: ['Zeile melden', 'Report this line'],
  reportPlayer: ['Spieler melden', 'Report this player'],
  reason: ['Begründung', 'Reason'],
  reasonPlaceholder: ['Was ist passiert?', 'What happened?'],
  report: ['Melden', 'Report'],
  admin: ['Moderation', 'Moderation'],
  adminOnly: ['Diese Seite ist nur für Admins.', 'This page is for admins only.'],
  openReports: ['Offene Meldungen', 'Open reports'],
  noReports: ['Keine offenen Meldungen.', 'No open reports.'],
  reportedBy: ['gemeldet von', 'reported by'],
  hideLine: ['Zeile ausblenden', 'Hide the line'],
  dismiss: ['Verwerfen', 'Dismiss'],
  toForm: ['Stummschalten/Sperren …', 'Mute/ban …'],
  player: ['Spieler', 'Player'],
  name: ['Name', 'Name'],
  mute: ['Stummschalten', 'Mute'],
  ban: ['Sperren', 'Ban'],
  lift: ['Aufheben', 'Lift'],
  duration: ['Dauer', 'Duration'],
  hour: ['1 Stunde', '1 hour'],
  day: ['1 Tag', '1 day'],
  week: ['1 Woche', '1 week'],
  forever: ['für immer', 'for ever'],
  closeTable: ['Tisch schließen', 'Close a table'],
  table: ['Tisch (ID oder Link)', 'Table (id or link)'],
  audit: ['Protokoll', 'Audit log'],
  when: ['Wann', 'When'],
  who: ['Wer', 'Who'],
  what: ['Was', 'What'],
  whom: ['Wen', 'Whom'],
  why: ['Warum', 'Why'],
  done: ['Erledigt.', 'Done.'],
  commandLine: ['Kommandozeile', 'command line'],
  'act:grant': ['zum Admin gemacht', 'made admin'],
  'act:revoke': ['Admin-Rolle entzogen', 'admin role revoked'],
  'act:mute': ['stummgeschaltet', 'muted'],
  'act:ban': ['gesperrt', 'banned'],
  'act:lift-mute': ['Stummschaltung aufgehoben', 'mute lifted'],
  'act:lift-ban': ['Sperre aufgehoben', 'ban lifted'],
  'act:close-table': ['Tisch geschlossen', 'table closed'],
  'act:hide-chat': ['Zeile ausgeblendet', 'line hidden'],
  'act:dismiss-report': ['Meldung verworfen', 'report dismissed'],
} as const;

export type ModWord = keyof typeof WORDS;

export function modSay(lang: Lang, w: ModWord): string {
  return WORDS[w][lang === 'de' ? 0 : 1];
}

/** An audit line's action in the page's language (an unknown one as it is). */
export function actionName(lang: Lang, action: string): string {
  const key = `act:${action}`;
  return key in WORDS ? modSay(lang, key as ModWord) : action;
}

/** The reasons `stich admin` gives when none is typed, in German and English. */
const COMMAND_LINE_WORDS = new Map<string, readonly [string, string]>([
  [COMMAND_LINE_REASONS.grant, ['auf der Kommandozeile vergeben', COMMAND_LINE_REASONS.grant]],
  [COMMAND_LINE_REASONS.revoke, ['auf der Kommandozeile entzogen', COMMAND_LINE_REASONS.revoke]],
]);

/** An audit line's reason in the page's language: the command line's own reasons translated, anything a person typed as it is. */
export function reasonText(lang: Lang, reason: string, fromCommandLine: boolean): string {
  const words = fromCommandLine ? COMMAND_LINE_WORDS.get(reason) : undefined;
  return words ? words[lang === 'de' ? 0 : 1] : reason;
}
