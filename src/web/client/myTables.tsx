import { useEffect, useState } from 'preact/hooks';
import type { LobbyTable } from '../../server/protocol.js';
import type { Ctx } from './app.js';
import { tr } from './i18n.js';
import { api } from './net.js';

/**
 * The tables this browser sat at, remembered so that the lobby leads back to them (play-test: a player who went to
 * the lobby from a private table found no way back there, as the lobby lists public tables only; from a public one
 * the way back stood a screen and a half down on a phone, below the form for a new table).
 */
const KEY = 'stich.seats';
/** The newest this many are kept: a sitting lasts less than a day, and one sits at few tables at once. */
const KEEP = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

interface Remembered {
  id: string;
  at: number;
}

function remembered(): Remembered[] {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter((x): x is Remembered => typeof x?.id === 'string' && typeof x?.at === 'number' && Date.now() - x.at < DAY_MS) : [];
  } catch {
    return [];
  }
}

function keep(list: readonly Remembered[]): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(list.slice(0, KEEP)));
  } catch {
    /* storage refused (private mode): the lobby's list still shows public tables */
  }
}

/** This browser's player sits at this table (called with each snapshot that seats him). */
export function rememberSeat(id: string): void {
  const list = remembered();
  if (list[0]?.id === id && Date.now() - list[0].at < 60_000) return;
  keep([{ id, at: Date.now() }, ...list.filter((x) => x.id !== id)]);
}

function forget(ids: readonly string[]): void {
  keep(remembered().filter((x) => !ids.includes(x.id)));
}

/** A remembered table as the server has it now (GET /api/tables/:id): its settings carry whether it is rated. */
type Found = LobbyTable & { settings?: { rated?: boolean } };

/**
 * At the lobby's top: each table the player still sits at (waiting or under way), with "Zurück an deinen Platz".
 * Tables finished or gone are forgotten.
 */
export function YourTables({ ctx, title, line }: { ctx: Ctx; title: (game: string) => string; line: (t: LobbyTable) => string }) {
  const { lang } = ctx;
  const [tables, setTables] = useState<LobbyTable[]>([]);
  useEffect(() => {
    let live = true;
    const ids = remembered().map((x) => x.id);
    void Promise.all(ids.map((id) => api<Found>('GET', `/api/tables/${encodeURIComponent(id)}`))).then((answers) => {
      const seated: LobbyTable[] = [];
      const gone: string[] = [];
      answers.forEach((r, i) => {
        const t = r.body;
        const mine = r.ok && t && (t.phase === 'waiting' || t.phase === 'playing') && t.seats.some((s) => s.kind === 'human' && s.userId === ctx.user.id);
        if (mine) seated.push({ ...t, rated: t.rated ?? t.settings?.rated ?? false });
        // A table over or gone is forgotten; one this name does not sit at stays (another name may log in here).
        else if (!r.ok || !t || t.phase === 'finished') gone.push(ids[i]);
      });
      forget(gone);
      if (live) setTables(seated);
    });
    return () => {
      live = false;
    };
  }, [ctx.user.id]);
  if (tables.length === 0) return null;
  return (
    <section class="your-tables" aria-label={tr(lang, 'yourTables')}>
      <ul class="tables">
        {tables.map((t) => (
          <li key={t.id} data-table={t.id}>
            <div class="what">
              <strong>
                {tr(lang, 'yourTable')}: {title(t.game)}
              </strong>
              <span class="muted">{line(t)}</span>
            </div>
            <button class="primary" onClick={() => ctx.go(`/table/${t.id}`)}>
              {tr(lang, 'backToSeat')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
