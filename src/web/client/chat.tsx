import { useState } from 'preact/hooks';
import type { Lang } from '../../games/present.js';
import type { Snapshot, TableEvent } from '../../server/protocol.js';
import { modSay } from './moderationWords.js';
import { api } from './net.js';

/** A chat line of the table, by its event number (a moderator may hide it later). */
export interface ChatLine {
  readonly e: number;
  readonly name: string;
  readonly userId: string;
  readonly text: string;
  readonly hidden: boolean;
}

/** A chat line from the server's (an event's, or a snapshot's line). */
const lineOf = (e: number, l: { name: string; userId: string; text: string; hidden?: true }): ChatLine => ({ e, name: l.name, userId: l.userId, text: l.text, hidden: l.hidden === true });

/** The chat lines a first join's snapshot brings (a page opened again shows what was said). */
export function chatOfSnapshot(lines: NonNullable<Snapshot['chat']>): readonly ChatLine[] {
  return lines.map((l) => lineOf(l.e, l));
}

/** The chat lines after one table event: a new line, or a line a moderator hid. */
export function applyChat(lines: readonly ChatLine[], e: number, event: TableEvent): readonly ChatLine[] {
  if (event.type === 'chat') return [...lines.slice(-30), lineOf(e, event)];
  if (event.type === 'chatHidden') return lines.map((l) => (l.e === event.e ? { ...l, text: '', hidden: true } : l));
  return lines;
}

/**
 * The table's talk: the game's own lines, then the last chat lines; each line of another player has a flag to report
 * it to the admins (POST /api/reports), with a reason.
 */
export function Talk({ talk, lines, table, me, lang }: { talk: readonly string[]; lines: readonly ChatLine[]; table: string; me: string; lang: Lang }) {
  const [reporting, setReporting] = useState<number | null>(null);
  const [said, setSaid] = useState<{ e: number; text: string } | null>(null);
  const shown = [...talk.map((text) => ({ kind: 'talk' as const, text })), ...lines.map((line) => ({ kind: 'chat' as const, line }))].slice(-8);
  const report = async (line: ChatLine, reason: string) => {
    const r = await api<{ error?: { code: string; message: string } }>('POST', '/api/reports', { table, e: line.e, reason });
    setReporting(null);
    setTimeout(() => setSaid((s) => (s?.e === line.e ? null : s)), 5000);
    setSaid({ e: line.e, text: r.ok ? modSay(lang, 'reported') : r.status === 429 ? modSay(lang, 'tooManyReports') : (r.body?.error?.message ?? String(r.status)) });
  };
  return (
    <>
      {shown.map((x, i) =>
        x.kind === 'talk' ? (
          <div key={`t${i}`}>{x.text}</div>
        ) : (
          <div key={`c${x.line.e}`} class={x.line.hidden ? 'chat-line hidden' : 'chat-line'} data-e={x.line.e}>
            {x.line.name}: {x.line.hidden ? <em>{modSay(lang, 'lineHidden')}</em> : x.line.text}
            {!x.line.hidden && x.line.userId !== me && (
              <button class="link report-line" title={modSay(lang, 'reportLine')} aria-label={`${modSay(lang, 'reportLine')}: ${x.line.name}`} onClick={() => setReporting(reporting === x.line.e ? null : x.line.e)}>
                ⚑
              </button>
            )}
            {reporting === x.line.e && (
              <form
                class="report-form"
                onSubmit={(ev) => {
                  ev.preventDefault();
                  const input = (ev.currentTarget as HTMLFormElement).elements.namedItem('reason') as HTMLInputElement;
                  if (input.value.trim()) void report(x.line, input.value.trim());
                }}
              >
                <input name="reason" maxLength={500} placeholder={modSay(lang, 'reasonPlaceholder')} aria-label={modSay(lang, 'reason')} autoComplete="off" />
                <button type="submit">{modSay(lang, 'report')}</button>
              </form>
            )}
            {said?.e === x.line.e && (
              <span class="muted" role="status">
                {' '}
                {said.text}
              </span>
            )}
          </div>
        ),
      )}
    </>
  );
}

/** A report of a player from their page: folded away until asked for, then a reason and a button (POST /api/reports). */
export function ReportPlayer({ userId, name, lang }: { userId: string; name: string; lang: Lang }) {
  const [said, setSaid] = useState<string | null>(null);
  return (
    <details class="report-player">
      <summary>{modSay(lang, 'reportPlayer')}</summary>
      <form
        class="report-form"
        onSubmit={(ev) => {
          ev.preventDefault();
          const input = (ev.currentTarget as HTMLFormElement).elements.namedItem('reason') as HTMLInputElement;
          const reason = input.value.trim();
          if (!reason) return;
          void api<{ error?: { message: string } }>('POST', '/api/reports', { userId, reason }).then((r) => {
            if (r.ok) input.value = '';
            setSaid(r.ok ? modSay(lang, 'reported') : r.status === 429 ? modSay(lang, 'tooManyReports') : (r.body?.error?.message ?? String(r.status)));
          });
        }}
      >
        <input name="reason" maxLength={500} placeholder={modSay(lang, 'reasonPlaceholder')} aria-label={`${modSay(lang, 'reason')}: ${name}`} autoComplete="off" />
        <button type="submit">{modSay(lang, 'report')}</button>
      </form>
      {said && (
        <p class="muted" role="status">
          {said}
        </p>
      )}
    </details>
  );
}
