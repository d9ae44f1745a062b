import { useEffect, useState } from 'preact/hooks';
import type { Ctx } from './app.js';
import { tr } from './i18n.js';
import { api } from './net.js';
import { refusal } from './refusal.js';
import { say } from './setupWords.js';
import { replayGame } from '../../games/replays.js';
import type { Lang } from '../../games/present.js';
import { mayChangeBots } from '../../shared/botRight.js';
import type { PublicSettings } from '../../server/protocol.js';
import { TableTermsBox } from './tableTerms.js';

const AUTOSIT = 'stich.autosit';

/** Goes to a table and sits down at its first open seat on arrival (after opening a table, "Hinsetzen" in the lobby, "play again"). */
export function goAndSit(go: (path: string) => void, id: string): void {
  sitOnArrival(id);
  go(`/table/${id}`);
}

/** The table page, when it opens table `id` next, sits the player down at its first open seat. */
export function sitOnArrival(id: string): void {
  sessionStorage.setItem(AUTOSIT, id);
}

/** Whether the page came to table `id` to sit down (`goAndSit`): answered once. */
export function cameToSit(id: string): boolean {
  if (sessionStorage.getItem(AUTOSIT) !== id) return false;
  sessionStorage.removeItem(AUTOSIT);
  return true;
}

/** What the waiting table needs of the snapshot. */
export interface WaitingSnap {
  /** The receiver's seat (-1: watching). */
  readonly seat: number;
  readonly seats: readonly { kind: 'open' | 'human' | 'bot'; name?: string; bot?: string; userId?: string }[];
  readonly settings?: { public?: boolean; creator?: string; rated?: boolean } & Partial<Pick<PublicSettings, 'length' | 'clockMs'>>;
  /** The table's rules (its preset and house rules), shown with the setup before the first deal. */
  readonly rules?: unknown;
}

/** Whether this person may sit at the table: a rated table seats registered players only (the server refuses a guest). */
export function maySit(user: { guest: boolean }, settings: { rated?: boolean } | undefined): boolean {
  return !(user.guest && settings?.rated === true);
}

/**
 * A table waiting for its players: the invite link with a copy button and, for the player who opened it (or, once he
 * has left, for those seated there: src/shared/botRight.ts), a bot to seat on each open seat or to take off a bot's seat (the
 * server's `seatBot`; a full table starts at once).
 */
export function WaitingRoom({ ctx, id, game, snap }: { ctx: Ctx; id: string; game: string; snap: WaitingSnap }) {
  const { lang, conn, user } = ctx;
  const bots = useBots(game);
  const invite = `${location.origin}/table/${id}`;
  const [copied, setCopied] = useState(false);
  const [level, setLevel] = useState('');
  const creator = snap.settings?.creator !== undefined && snap.settings.creator === user.id;
  const mayBots = mayChangeBots(snap.settings?.creator, snap.seats, user.id);
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
  const open = snap.seats.flatMap((s, seat) => (s.kind === 'open' ? [seat] : []));
  return (
    <div class="waiting">
      <p>{tr(lang, 'waiting')}</p>
      {snap.settings?.length && snap.settings.clockMs !== undefined && (
        <TableTermsBox game={game} rules={snap.rules} settings={{ public: true, rated: false, ...snap.settings } as PublicSettings} lang={lang} />
      )}
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
      {!maySit(user, snap.settings) && <p class="small rated-guest">{say(lang, 'ratedGuestNote')}</p>}
      {/* Seated (by "Hinsetzen" in the lobby, say) and changed one's mind: the seat is free again until the table starts. */}
      {snap.seat >= 0 && (
        <p>
          <button type="button" class="stand" onClick={() => conn.send({ type: 'stand', table: id })}>
            {say(lang, 'standUp')}
          </button>
        </p>
      )}
      {mayBots && (
        <div class="bots">
          <p class="small">{say(lang, creator ? 'creatorNote' : 'inheritedBotsNote')}</p>
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
          {/* Several seats open (Karnöffel for eight, two friends): one click instead of one per seat; full, it starts. */}
          {open.length > 1 && (
            <button type="button" class="fill-bots" onClick={() => open.forEach((seat) => conn.send({ type: 'seatBot', table: id, seat, bot: kind }))}>
              {say(lang, 'fillBots')}
            </button>
          )}
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

/** What the server says of a table that has left memory: its records and the settings to play again (GET /api/tables/:id, 410). */
interface GoneInfo {
  readonly records: readonly string[];
  readonly expired: boolean;
  readonly again?: Record<string, unknown>;
  /** The table a player of this one opened next (where the others go). */
  readonly next?: NextTable;
}

/** The follow-up of a table that has left memory, and who opened it (the 410's `next`, POST /api/tables/:id/again). */
interface NextTable {
  readonly id: string;
  readonly by: { readonly id: string; readonly name: string };
}

type Refusal = { code: string; message: string; params?: Record<string, number> };

/**
 * "Play again" at a table that has left memory: the first of its players opens the next table and the others are
 * led to it (POST /api/tables/:id/again); one who never sat at it opens a table like it of his own.
 */
export async function playAgain(ctx: Ctx, id: string, again?: Record<string, unknown>): Promise<{ ok: true; id: string } | { ok: false; error: string }> {
  const { lang } = ctx;
  const r = await api<{ id: string; error?: Refusal }>('POST', `/api/tables/${encodeURIComponent(id)}/again`, {});
  if (r.ok) return { ok: true, id: r.body.id };
  if (r.body?.error?.code !== 'notSeated' || !again) return { ok: false, error: r.body?.error ? refusal(lang, r.body.error).text : String(r.status) };
  // A guest's table like this one is unrated (the server refuses a guest's rated table).
  const own = await api<{ id: string; error?: Refusal }>('POST', '/api/tables', ctx.user.guest ? { ...again, rated: false } : again);
  return own.ok ? { ok: true, id: own.body.id } : { ok: false, error: own.body?.error ? refusal(lang, own.body.error).text : String(own.status) };
}

function useGone(id: string): GoneInfo | null {
  const [info, setInfo] = useState<GoneInfo | null>(null);
  useEffect(() => {
    void api<{ records?: string[]; error?: { code: string }; again?: Record<string, unknown>; next?: NextTable }>('GET', `/api/tables/${encodeURIComponent(id)}`).then((r) =>
      setInfo({ records: r.status === 410 || r.ok ? (r.body?.records ?? []) : [], expired: r.body?.error?.code === 'tableExpired', again: r.body?.again, next: r.body?.next }),
    );
  }, [id]);
  return info;
}

/**
 * A link to a table that is not there: unknown, expired while it waited, or over (its sittings played, the server
 * keeps only the records). Says which, shows the records, offers the same table again, and leads back to the lobby.
 */
export function TableGone({ ctx, id }: { ctx: Ctx; id: string }) {
  const info = useGone(id);
  if (info === null) return <main class="center muted">{tr(ctx.lang, 'loading')}</main>;
  return (
    <main class="gone-page">
      <Gone ctx={ctx} id={id} info={info} />
    </main>
  );
}

/** A finished table seen by someone who did not sit at it (it is still in the server's memory). */
export function TableOver({ ctx, id }: { ctx: Ctx; id: string }) {
  const info = useGone(id);
  return <Gone ctx={ctx} id={id} info={{ records: info?.records ?? [], expired: false, again: info?.again }} over />;
}

function Gone({ ctx, id, info, over }: { ctx: Ctx; id: string; info: GoneInfo; over?: boolean }) {
  // The page's main heading where it stands alone (a link to a table that is not there); below the table's ring a part of it.
  const Heading = over ? 'h2' : 'h1';
  const { lang } = ctx;
  const [error, setError] = useState('');
  const kind = info.expired ? 'expired' : over || info.records.length > 0 ? 'over' : 'unknown';
  const again = async () => {
    setError('');
    const r = await playAgain(ctx, id, info.again);
    if (!r.ok) return setError(r.error);
    goAndSit(ctx.go, r.id);
  };
  const next = info.next;
  const mine = next?.by.id === ctx.user.id;
  return (
    <div class="gone-table" role="alert">
      <Heading>{say(lang, kind === 'expired' ? 'expiredTable' : kind === 'over' ? 'finishedTable' : 'unknownTable')}</Heading>
      <p>{say(lang, kind === 'expired' ? 'expiredNote' : kind === 'over' ? 'finishedNote' : 'unknownTableNote')}</p>
      {next && <p class="next-table">{mine ? say(lang, 'ownNextTable') : say(lang, 'nextTable').replace('{name}', next.by.name)}</p>}
      <div class="row">
        {info.records.map((r) => (
          <a key={r} class="button" href={`/record/${r}`} onClick={(e) => (e.preventDefault(), ctx.go(`/record/${r}`))}>
            {tr(lang, 'record')}
          </a>
        ))}
        {next ? (
          <button type="button" class="primary join-next" onClick={() => goAndSit(ctx.go, next.id)}>
            {say(lang, mine ? 'toOwnNext' : 'joinNext')}
          </button>
        ) : (
          info.again &&
          ctx.user && (
            <button type="button" class="primary play-again" onClick={() => void again()}>
              {say(lang, 'playAgain')}
            </button>
          )
        )}
        <button type="button" class={info.again || next ? '' : 'primary'} onClick={() => ctx.go('/')}>
          {tr(lang, 'toLobby')}
        </button>
      </div>
      {error && <p class="error">{error}</p>}
    </div>
  );
}

/** What the login page knows of the table an invite link leads to (GET /api/tables/:id needs no session). */
export interface Invite {
  readonly id: string;
  readonly game: string;
  readonly phase: 'waiting' | 'playing' | 'finished';
  readonly seats: readonly { kind: 'open' | 'human' | 'bot'; name?: string; guest?: boolean }[];
  readonly rated: boolean;
  /** The table's rules and setup, shown in the note before a name is chosen (tableTerms.tsx). */
  readonly rules?: unknown;
  readonly settings?: PublicSettings;
}

/** The table a page at /table/:id shows, for one who has not chosen a name yet; null when there is none to show. */
export function useInvite(path: string): Invite | null {
  const id = /^\/table\/([\w-]+)$/.exec(path)?.[1];
  const [invite, setInvite] = useState<Invite | null>(null);
  useEffect(() => {
    setInvite(null);
    if (!id) return;
    let live = true;
    void api<Omit<Invite, 'rated'>>('GET', `/api/tables/${id}`).then(
      (r) => live && r.ok && r.body.phase !== 'finished' && setInvite({ id, game: r.body.game, phase: r.body.phase, seats: r.body.seats, rated: r.body.settings?.rated === true, rules: r.body.rules, settings: r.body.settings }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [id]);
  return invite;
}

/** Whether one who arrives by the invite may sit down at once: the table waits and has an open seat. */
export function inviteHasSeat(invite: Invite): boolean {
  return invite.phase === 'waiting' && invite.seats.some((s) => s.kind === 'open');
}

/**
 * The player at the invite's table already called `name` (letter case and spacing aside), whom a guest of that name
 * could not be told apart from at the table, in its summaries and its record; undefined when there is none.
 */
export function nameAtTable(invite: Invite, name: string): string | undefined {
  const key = (n: string) => n.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase();
  return invite.seats.find((s) => s.kind === 'human' && s.name !== undefined && key(s.name) === key(name))?.name;
}

/** Why a guest may not take the name of one already at the table, with a way out. */
export function nameAtTableText(lang: Lang, name: string): string {
  return lang === 'de'
    ? `Am Tisch sitzt schon „${name}“. Nimm einen anderen Namen (etwa „${name} B.“), damit man euch auseinanderhalten kann.`
    : `“${name}” already sits at this table. Choose another name (“${name} B.”, say) so that the two of you can be told apart.`;
}

/**
 * Above the login form of one who came by a table's link: which game, who sits there, how many seats are free, and
 * that choosing a name sits them down (or lets them watch a running sitting).
 */
export function InviteNote({ invite, lang }: { invite: Invite; lang: Lang }) {
  const title = replayGame(invite.game)?.title ?? invite.game;
  const names = invite.seats.flatMap((s) => (s.kind !== 'open' && s.name ? [s.guest ? `${s.name} (${tr(lang, 'guest')})` : s.name] : []));
  const free = invite.seats.filter((s) => s.kind === 'open').length;
  const de = lang === 'de';
  return (
    <>
    <div class="invite-note" role="note">
      <strong>{de ? `Einladung an einen ${title}-Tisch` : `An invitation to a ${title} table`}</strong>
      <p>
        {names.length > 0 && `${de ? 'Am Tisch' : 'At the table'}: ${names.join(', ')}`}
        {invite.phase === 'waiting' && `${names.length > 0 ? ' · ' : ''}${free} ${de ? (free === 1 ? 'Platz frei' : 'Plätze frei') : free === 1 ? 'seat free' : 'seats free'}`}
      </p>
      <p>
        {inviteHasSeat(invite) && invite.rated
          ? de
            ? 'Ein gewerteter Tisch: registriere einen Namen (mit Passwort), und du sitzt am Tisch; als Gast schaust du zu.'
            : 'A rated table: register a name (with a password) and you sit down at the table; as a guest you watch.'
          : inviteHasSeat(invite)
          ? de
            ? 'Wähle einen Namen, und du sitzt am Tisch.'
            : 'Choose a name and you sit down at the table.'
          : de
            ? 'Das Spiel läuft schon: wähle einen Namen, um zuzuschauen.'
            : 'The game has begun: choose a name to watch it.'}
      </p>
    </div>
    {/* What one is invited to play, before choosing a name: the house rules and the length, as in the waiting room. */}
    {invite.settings?.length && (
      <div class="invite-terms">
        <TableTermsBox game={invite.game} rules={invite.rules} settings={invite.settings} lang={lang} />
      </div>
    )}
    </>
  );
}
