import { useEffect, useState } from 'preact/hooks';
import type { Lang } from '../../games/present.js';
import type { AuditRow, ReportRow } from '../../server/store/moderation.js';
import type { Ctx } from './app.js';
import { actionName, modSay, reasonText } from './moderationWords.js';
import { api } from './net.js';

/** The durations the page offers, in minutes (null: for ever). */
const DURATIONS = [
  ['hour', 60],
  ['day', 24 * 60],
  ['week', 7 * 24 * 60],
  ['forever', null],
] as const;

type Answer = { error?: { message: string } };

/** An audit line's detail as the page says it: a duration in words, a hidden line's text in quotes. */
export function detailText(lang: Lang, detail: string): string {
  if (detail === 'for ever') return modSay(lang, 'forever');
  const min = /^(\d+(?:\.\d+)?) min$/.exec(detail);
  if (min) return durationText(lang, Number(min[1]));
  const line = /^event \d+: (.*)$/s.exec(detail);
  if (line) return lang === 'de' ? `„${line[1]}“` : `“${line[1]}”`;
  return detail;
}

/** Minutes in the largest whole unit: 2 Wochen, 1 day, 90 min. */
export function durationText(lang: Lang, minutes: number): string {
  const units: [number, string, string, string, string][] = [
    [7 * 24 * 60, 'Woche', 'Wochen', 'week', 'weeks'],
    [24 * 60, 'Tag', 'Tage', 'day', 'days'],
    [60, 'Stunde', 'Stunden', 'hour', 'hours'],
  ];
  for (const [size, de1, deN, en1, enN] of units) {
    if (minutes % size !== 0) continue;
    const n = minutes / size;
    return `${n} ${lang === 'de' ? (n === 1 ? de1 : deN) : n === 1 ? en1 : enN}`;
  }
  return `${minutes} min`;
}

/** The table id of a pasted invite link (…/table/ID) or the id itself. */
export function tableIdOf(text: string): string {
  const m = /\/table\/([\w-]+)/.exec(text);
  return (m ? m[1] : text).trim();
}

/**
 * /admin (admins only, `stich admin grant NAME`): the open reports with what can be done about each, a form to
 * mute or ban a player by name for a time (or lift it), a form to close a table, and the audit log.
 */
export function AdminScreen({ ctx }: { ctx: Ctx }) {
  const { lang } = ctx;
  const [allowed, setAllowed] = useState<boolean | undefined>(undefined);
  const [reports, setReports] = useState<ReportRow[]>([]);
  const [audit, setAudit] = useState<AuditRow[]>([]);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [name, setName] = useState('');
  const [kind, setKind] = useState<'mute' | 'ban'>('mute');
  const [minutes, setMinutes] = useState<number | null>(60);
  const [reason, setReason] = useState('');
  const [reportId, setReportId] = useState<string | undefined>(undefined);
  const [table, setTable] = useState('');
  const [tableReason, setTableReason] = useState('');

  const load = async () => {
    const me = await api<{ admin?: boolean }>('GET', '/api/admin/me');
    setAllowed(me.ok && me.body.admin === true);
    if (!me.ok || !me.body.admin) return;
    const [r, a] = await Promise.all([api<{ reports: ReportRow[] }>('GET', '/api/admin/reports'), api<{ audit: AuditRow[] }>('GET', '/api/admin/audit?limit=50')]);
    if (r.ok) setReports(r.body.reports);
    if (a.ok) setAudit(a.body.audit);
  };
  useEffect(() => void load(), []);

  const run = async (path: string, body: unknown) => {
    const r = await api<Answer>('POST', path, body);
    setStatus(r.ok ? { ok: true, text: modSay(lang, 'done') } : { ok: false, text: r.body?.error?.message ?? String(r.status) });
    await load();
    return r.ok;
  };

  if (allowed === undefined) return <main class="admin" />;
  if (!allowed) {
    return (
      <main class="admin">
        <h1>{modSay(lang, 'admin')}</h1>
        <p class="error" role="alert">
          {modSay(lang, 'adminOnly')}
        </p>
      </main>
    );
  }
  const when = (at: number) => new Date(at).toLocaleString(lang === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'short', timeStyle: 'short' });

  return (
    <main class="admin">
      <h1>{modSay(lang, 'admin')}</h1>
      {status && (
        <p class={status.ok ? 'notice ok' : 'error'} role="status">
          {status.text}
        </p>
      )}

      <section aria-labelledby="reports-h">
        <h2 id="reports-h">{modSay(lang, 'openReports')}</h2>
        {reports.length === 0 && <p class="muted">{modSay(lang, 'noReports')}</p>}
        <ul class="reports">
          {reports.map((r) => (
            <li key={r.id} class="report" data-report={r.id}>
              <div>
                <strong>{r.userName}</strong> · {modSay(lang, 'reportedBy')} {r.reporterName} · {when(r.created)}
              </div>
              {r.chatText !== null && <blockquote class="chat-quote">{r.chatText}</blockquote>}
              <div class="muted">{r.reason}</div>
              <div class="row wrap">
                {r.tableId !== null && r.chatE !== null && (
                  <button class="hide-line" onClick={() => void run(`/api/admin/tables/${r.tableId}/hide`, { e: r.chatE, reason: r.reason, report: r.id })}>
                    {modSay(lang, 'hideLine')}
                  </button>
                )}
                <button
                  class="to-form"
                  onClick={() => {
                    setName(r.userName);
                    setReason(r.reason);
                    setReportId(r.id);
                    document.getElementById('sanction-h')?.scrollIntoView();
                  }}
                >
                  {modSay(lang, 'toForm')}
                </button>
                <button class="dismiss" onClick={() => void run(`/api/admin/reports/${r.id}/dismiss`, { reason: r.reason })}>
                  {modSay(lang, 'dismiss')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="sanction-h">
        <h2 id="sanction-h">{modSay(lang, 'player')}</h2>
        <form
          class="sanction"
          onSubmit={(e) => {
            e.preventDefault();
            void run('/api/admin/sanctions', { name: name.trim(), kind, minutes, reason: reason.trim(), ...(reportId ? { report: reportId } : {}) }).then((ok) => ok && setReportId(undefined));
          }}
        >
          <label>
            {modSay(lang, 'name')}
            <input name="player" value={name} maxLength={40} required onInput={(e) => setName((e.target as HTMLInputElement).value)} />
          </label>
          <div class="row wrap" role="radiogroup">
            {(['mute', 'ban'] as const).map((k) => (
              <label key={k} class="choice">
                <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => setKind(k)} /> {modSay(lang, k)}
              </label>
            ))}
          </div>
          <label>
            {modSay(lang, 'duration')}
            <select name="duration" value={String(minutes)} onChange={(e) => setMinutes((e.target as HTMLSelectElement).value === 'null' ? null : Number((e.target as HTMLSelectElement).value))}>
              {DURATIONS.map(([w, m]) => (
                <option key={w} value={String(m)}>
                  {modSay(lang, w)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {modSay(lang, 'reason')}
            <input name="reason" value={reason} maxLength={500} required onInput={(e) => setReason((e.target as HTMLInputElement).value)} />
          </label>
          <div class="row wrap">
            <button type="submit" class="primary">
              {modSay(lang, kind)}
            </button>
            <button type="button" class="lift" onClick={() => void run('/api/admin/lift', { name: name.trim(), kind, reason: reason.trim() })}>
              {modSay(lang, 'lift')}
            </button>
          </div>
        </form>
      </section>

      <section aria-labelledby="close-h">
        <h2 id="close-h">{modSay(lang, 'closeTable')}</h2>
        <form
          class="close-table"
          onSubmit={(e) => {
            e.preventDefault();
            void run(`/api/admin/tables/${encodeURIComponent(tableIdOf(table))}/close`, { reason: tableReason.trim() });
          }}
        >
          <label>
            {modSay(lang, 'table')}
            <input name="table" value={table} required onInput={(e) => setTable((e.target as HTMLInputElement).value)} />
          </label>
          <label>
            {modSay(lang, 'reason')}
            <input name="tableReason" value={tableReason} maxLength={500} required onInput={(e) => setTableReason((e.target as HTMLInputElement).value)} />
          </label>
          <button type="submit">{modSay(lang, 'closeTable')}</button>
        </form>
      </section>

      <section aria-labelledby="audit-h">
        <h2 id="audit-h">{modSay(lang, 'audit')}</h2>
        <div class="audit-wrap">
          <table class="audit">
            <thead>
              <tr>
                <th>{modSay(lang, 'when')}</th>
                <th>{modSay(lang, 'who')}</th>
                <th>{modSay(lang, 'what')}</th>
                <th>{modSay(lang, 'whom')}</th>
                <th>{modSay(lang, 'why')}</th>
              </tr>
            </thead>
            <tbody>
              {audit.map((a) => (
                <tr key={a.id} data-action={a.action}>
                  <td data-label={modSay(lang, 'when')}>{when(a.at)}</td>
                  <td data-label={modSay(lang, 'who')}>{a.actorId === null ? modSay(lang, 'commandLine') : a.actorName}</td>
                  <td data-label={modSay(lang, 'what')}>
                    <span>
                      {actionName(lang, a.action)}
                      {a.detail && <span class="muted"> · {detailText(lang, a.detail)}</span>}
                    </span>
                  </td>
                  <td data-label={modSay(lang, 'whom')}>{[a.userName, a.tableId && `#${a.tableId.slice(0, 8)}`].filter(Boolean).join(' · ') || '–'}</td>
                  <td data-label={modSay(lang, 'why')}>{reasonText(lang, a.reason, a.actorId === null)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </main>
  );
}
