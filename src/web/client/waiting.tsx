import { useEffect, useState } from 'preact/hooks';
import type { Ctx } from './app.js';
import { tr } from './i18n.js';
import { api } from './net.js';
import { say } from './setupWords.js';

/** What the waiting table needs of the snapshot. */
export interface WaitingSnap {
  readonly seats: readonly { kind: 'open' | 'human' | 'bot'; name?: string; bot?: string }[];
  readonly settings?: { public?: boolean; creator?: string };
}

/**
 * A table waiting for its players: the invite link with a copy button and, for the player who opened it, a bot to
 * seat on each open seat or to take off a bot's seat (the server's `seatBot`; a full table starts at once).
 */
export function WaitingRoom({ ctx, id, game, snap }: { ctx: Ctx; id: string; game: string; snap: WaitingSnap }) {
  const { lang, conn, user } = ctx;
  const bots = useBots(game);
  const invite = `${location.origin}/table/${id}`;
  const [copied, setCopied] = useState(false);
  const [level, setLevel] = useState('');
  const creator = snap.settings?.creator !== undefined && snap.settings.creator === user.id;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(invite);
    } catch {
      // No clipboard (an insecure origin, a refusal): the link is selected for the player to copy.
      const input = document.querySelector<HTMLInputElement>('.waiting input.invite');
      input?.select();
      document.execCommand?.('copy');
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 2500);
  };
  const kind = level || (bots.includes('easy') ? 'easy' : (bots[0] ?? 'bot'));
  return (
    <div class="waiting">
      <p>{tr(lang, 'waiting')}</p>
      <div class="invite-row">
        <label>
          {tr(lang, 'invite')}
          <input class="invite" readOnly value={invite} onFocus={(e) => (e.target as HTMLInputElement).select()} />
        </label>
        <button type="button" class="copy" onClick={() => void copy()}>
          {copied ? say(lang, 'copied') : say(lang, 'copy')}
        </button>
      </div>
      {snap.settings?.public === false && <p class="small">{say(lang, 'privateNote')}</p>}
      {creator && (
        <div class="bots">
          <p class="small">{say(lang, 'creatorNote')}</p>
          {bots.length > 1 && (
            <label class="level">
              {tr(lang, 'botLevel')}
              <select name="botLevel" value={kind} onChange={(e) => setLevel((e.target as HTMLSelectElement).value)}>
                {bots.map((b) => (
                  <option key={b} value={b}>
                    {tr(lang, ({ easy: 'levelEasy', medium: 'levelMedium', strong: 'levelStrong', 'strong-1': 'levelStrong1', random: 'levelRandom' } as const)[b as 'easy'] ?? 'bot')}
                  </option>
                ))}
              </select>
            </label>
          )}
          <ul>
            {snap.seats.map((s, seat) =>
              s.kind === 'human' ? null : (
                <li key={seat} data-seat={seat}>
                  <span>
                    {say(lang, 'seatN')} {seat + 1}: {s.kind === 'open' ? tr(lang, 'openSeat') : s.name}
                  </span>
                  {s.kind === 'open' ? (
                    <button type="button" class="put-bot" onClick={() => conn.send({ type: 'seatBot', table: id, seat, bot: kind })}>
                      {say(lang, 'putBot')}
                    </button>
                  ) : (
                    <button type="button" class="remove-bot" onClick={() => conn.send({ type: 'seatBot', table: id, seat, bot: null })}>
                      {say(lang, 'removeBot')}
                    </button>
                  )}
                </li>
              ),
            )}
          </ul>
        </div>
      )}
    </div>
  );
}

/** The bots a game offers (GET /api/games), for the waiting table's creator. */
export function useBots(game: string | undefined): string[] {
  const [bots, setBots] = useState<string[]>([]);
  useEffect(() => {
    if (!game) return;
    void api<{ games: { id: string; bots: string[] }[] }>('GET', '/api/games').then((r) => r.ok && setBots(r.body.games.find((g) => g.id === game)?.bots ?? []));
  }, [game]);
  return bots;
}

/**
 * A link to a table that is not there: unknown, or over (its sittings played, the server keeps only the records).
 * Says which, and leads back to the lobby (or to the record).
 */
export function TableGone({ ctx, id }: { ctx: Ctx; id: string }) {
  const { lang } = ctx;
  const [records, setRecords] = useState<string[] | null>(null);
  useEffect(() => {
    void api<{ records?: string[] }>('GET', `/api/tables/${encodeURIComponent(id)}`).then((r) => setRecords(r.status === 410 || r.ok ? (r.body?.records ?? []) : []));
  }, [id]);
  if (records === null) return <main class="center muted">{tr(lang, 'loading')}</main>;
  return (
    <main class="gone-page">
      <Gone ctx={ctx} over={records.length > 0} records={records} />
    </main>
  );
}

/** A finished table seen by someone who did not sit at it (it is still in the server's memory). */
export function TableOver({ ctx, id }: { ctx: Ctx; id: string }) {
  const [records, setRecords] = useState<string[]>([]);
  useEffect(() => {
    void api<{ records?: string[] }>('GET', `/api/tables/${encodeURIComponent(id)}`).then((r) => setRecords(r.body?.records ?? []));
  }, [id]);
  return <Gone ctx={ctx} over records={records} />;
}

function Gone({ ctx, over, records }: { ctx: Ctx; over: boolean; records: readonly string[] }) {
  const { lang } = ctx;
  return (
    <div class="gone-table" role="alert">
      <h2>{say(lang, over ? 'finishedTable' : 'unknownTable')}</h2>
      <p>{say(lang, over ? 'finishedNote' : 'unknownTableNote')}</p>
      <div class="row">
        {records.map((r) => (
          <a key={r} class="button" href={`/record/${r}`} onClick={(e) => (e.preventDefault(), ctx.go(`/record/${r}`))}>
            {tr(lang, 'record')}
          </a>
        ))}
        <button type="button" class="primary" onClick={() => ctx.go('/')}>
          {tr(lang, 'toLobby')}
        </button>
      </div>
    </div>
  );
}
