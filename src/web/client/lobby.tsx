import { useEffect, useState } from 'preact/hooks';
import type { Ctx } from './app.js';
import { tr } from './i18n.js';
import type { LobbyTable } from '../../server/protocol.js';
import { api } from './net.js';
import { playerPath } from './player.js';

interface GameInfo {
  id: string;
  title: string;
  presets: string[];
  defaultPreset: string;
  houseRules: { name: string; type: string; default: unknown; choices?: string[]; min?: number; max?: number }[];
  bots: string[];
  /** Seats with the default rules (a preset or house rule may change it). */
  seats: number | null;
  unit: string;
}


export function Lobby({ ctx }: { ctx: Ctx }) {
  const { lang, conn } = ctx;
  const [games, setGames] = useState<GameInfo[]>([]);
  const [tables, setTables] = useState<LobbyTable[]>([]);
  const [online, setOnline] = useState<string[]>([]);
  useEffect(() => {
    void api<{ games: GameInfo[] }>('GET', '/api/games').then((r) => r.ok && setGames(r.body.games));
    const off = conn.on((m) => {
      if (m.type === 'lobby') {
        setTables([...m.tables]);
        setOnline([...m.online]);
      }
    });
    const offState = conn.onState((up) => up && conn.send({ type: 'lobby' }));
    conn.send({ type: 'lobby' });
    return () => {
      off();
      offState();
    };
  }, [conn]);
  const title = (id: string) => games.find((g) => g.id === id)?.title ?? id;
  return (
    <main class="lobby">
      <section>
        <h2>{tr(lang, 'newTable')}</h2>
        {games.length > 0 && <CreateTable ctx={ctx} games={games} />}
      </section>
      <section>
        <h2>{tr(lang, 'openTables')}</h2>
        {tables.length === 0 && <p class="muted">{tr(lang, 'noTables')}</p>}
        <ul class="tables">
          {tables.map((t) => {
            const open = t.seats.filter((s) => s.kind === 'open').length;
            return (
              <li key={t.id}>
                <strong>{title(t.game)}</strong>
                <span class="muted"> · {t.seats.map((s) => (s.kind === 'open' ? '—' : s.name)).join(', ')}</span>
                <button class={open > 0 ? 'primary' : ''} onClick={() => ctx.go(`/table/${t.id}`)}>
                  {tr(lang, open > 0 ? 'join' : 'watch')}
                </button>
              </li>
            );
          })}
        </ul>
        <p class="muted small">
          {online.length} {tr(lang, 'online')}
        </p>
        {games.length > 0 && <Leaderboard ctx={ctx} games={games} />}
      </section>
    </main>
  );
}

function CreateTable({ ctx, games }: { ctx: Ctx; games: GameInfo[] }) {
  const { lang } = ctx;
  const [gameId, setGameId] = useState(games[0].id);
  const game = games.find((g) => g.id === gameId) ?? games[0];
  const [preset, setPreset] = useState(game.defaultPreset);
  const [bots, setBots] = useState<'all' | 'none'>('all');
  const defaultLevel = (g: GameInfo) => (g.bots.includes('easy') ? 'easy' : (g.bots.find((b) => b !== 'random') ?? g.bots[0] ?? ''));
  const [level, setLevel] = useState(defaultLevel(game));
  const [deals, setDeals] = useState('');
  const [rated, setRated] = useState(false);
  const [rules, setRules] = useState<Record<string, string | number | boolean>>({});
  const [error, setError] = useState('');
  useEffect(() => {
    setPreset(game.defaultPreset);
    setLevel(defaultLevel(game));
    setRules({});
  }, [gameId]);
  const create = async () => {
    setError('');
    const body: Record<string, unknown> = { game: game.id, preset, rules, rated };
    if (deals) body.length = { deals: Number(deals) };
    const post = (count: number) => {
      if (bots === 'all') body.seats = ['open', ...Array.from({ length: count - 1 }, () => `bot:${level}`)];
      return api<{ id: string; error?: { code: string; message: string } }>('POST', '/api/tables', body);
    };
    let r = await post(Number(rules.players ?? game.seats ?? 4));
    // The seat count follows from the rules; the server names it when the guess was wrong.
    const count = !r.ok && r.body?.error?.code === 'badSeats' ? /has (\d+) seats/.exec(r.body.error.message) : null;
    if (count) r = await post(Number(count[1]));
    if (!r.ok) return setError(r.body?.error?.message ?? String(r.status));
    sessionStorage.setItem('stich.autosit', r.body.id);
    ctx.go(`/table/${r.body.id}`);
  };
  const set = (name: string, v: string | number | boolean) => setRules({ ...rules, [name]: v });
  return (
    <form
      class="create"
      onSubmit={(e) => {
        e.preventDefault();
        void create();
      }}
    >
      <label>
        {tr(lang, 'game')}
        <select name="game" value={gameId} onChange={(e) => setGameId((e.target as HTMLSelectElement).value)}>
          {games.map((g) => (
            <option key={g.id} value={g.id}>
              {g.title}
            </option>
          ))}
        </select>
      </label>
      <label>
        {tr(lang, 'preset')}
        <select name="preset" value={preset} onChange={(e) => setPreset((e.target as HTMLSelectElement).value)}>
          {game.presets.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </label>
      <label>
        {tr(lang, 'bots')}
        <select name="bots" value={bots} onChange={(e) => setBots((e.target as HTMLSelectElement).value as 'all' | 'none')}>
          <option value="all">{tr(lang, 'allBots')}</option>
          <option value="none">{tr(lang, 'noBots')}</option>
        </select>
      </label>
      {bots === 'all' && game.bots.length > 1 && (
        <label>
          {tr(lang, 'botLevel')}
          <select name="level" value={level} onChange={(e) => setLevel((e.target as HTMLSelectElement).value)}>
            {game.bots.map((b) => (
              <option key={b} value={b}>
                {levelName(lang, b)}
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        {tr(lang, 'length')} ({tr(lang, 'deals')})
        <input name="deals" type="number" min={1} max={1000} value={deals} placeholder={`1 ${unitName(lang, game.unit)}`} onInput={(e) => setDeals((e.target as HTMLInputElement).value)} />
      </label>
      <label class="rule">
        <span>
          <input type="checkbox" name="rated" checked={rated} onChange={(e) => setRated((e.target as HTMLInputElement).checked)} /> {lang === 'de' ? 'Gewertet (Rangliste)' : 'Rated (leaderboard)'}
        </span>
      </label>
      <details>
        <summary>{tr(lang, 'houseRules')}</summary>
        {game.houseRules.map((r) => (
          <label key={r.name} class="rule">
            {r.name}
            {r.type === 'boolean' ? (
              <input type="checkbox" checked={Boolean(rules[r.name] ?? r.default)} onChange={(e) => set(r.name, (e.target as HTMLInputElement).checked)} />
            ) : r.choices ? (
              <select value={String(rules[r.name] ?? r.default)} onChange={(e) => set(r.name, (e.target as HTMLSelectElement).value)}>
                {r.choices.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            ) : (
              <input
                // Preact's types ask a text input for a `list`; the cast keeps one element for both kinds.
                type={(r.type === 'integer' || r.type === 'number' ? 'number' : 'text') as 'number'}
                value={String(rules[r.name] ?? r.default)}
                min={r.min}
                max={r.max}
                onInput={(e) => {
                  const v = (e.target as HTMLInputElement).value;
                  set(r.name, r.type === 'integer' || r.type === 'number' ? Number(v) : v);
                }}
              />
            )}
          </label>
        ))}
      </details>
      <button class="primary big" type="submit">
        {tr(lang, 'create')}
      </button>
      {error && <p class="error" role="alert">{error}</p>}
    </form>
  );
}

/** The rated players of one game (the server's leaderboard), best first. */
function Leaderboard({ ctx, games }: { ctx: Ctx; games: GameInfo[] }) {
  const [game, setGame] = useState(games[0].id);
  const [rows, setRows] = useState<{ name: string; id?: string; rating: number; sittings: number }[]>([]);
  useEffect(() => {
    void api<{ players: { name: string; id?: string; rating: number; sittings: number }[] }>('GET', `/api/leaderboard/${game}`).then((r) => setRows(r.ok ? r.body.players.slice(0, 10) : []));
  }, [game]);
  const de = ctx.lang === 'de';
  return (
    <div class="leaders">
      <h2>{de ? 'Rangliste' : 'Leaderboard'}</h2>
      <select aria-label={tr(ctx.lang, 'game')} value={game} onChange={(e) => setGame((e.target as HTMLSelectElement).value)}>
        {games.map((g) => (
          <option key={g.id} value={g.id}>
            {g.title}
          </option>
        ))}
      </select>
      {rows.length === 0 ? (
        <p class="muted small">{de ? 'Noch keine gewerteten Sitzungen.' : 'No rated sittings yet.'}</p>
      ) : (
        <ol>
          {rows.map((r) => (
            <li key={r.id ?? r.name}>
              <a
                href={playerPath(r.name, r.id)}
                onClick={(e) => {
                  e.preventDefault();
                  ctx.go(playerPath(r.name, r.id));
                }}
              >
                {r.name}
              </a>{' '}
              · {Math.round(r.rating * 10) / 10} · {r.sittings} {de ? 'Sitzungen' : 'sittings'}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** A bot level's name in the page's language, with the name the protocol and the CLI use. */
function levelName(lang: Ctx['lang'], bot: string): string {
  const word = ({ easy: 'levelEasy', medium: 'levelMedium', strong: 'levelStrong', random: 'levelRandom' } as const)[bot as 'easy'];
  if (!word) return bot;
  const local = tr(lang, word);
  return local === bot ? bot : `${local} (${bot})`;
}

/** A game's unit of a sitting (round, Bummerl, match) in the page's language; Bummerl stays Bummerl. */
function unitName(lang: Ctx['lang'], unit: string): string {
  if (lang !== 'de') return unit;
  return ({ round: 'Runde', match: 'Partie' } as Record<string, string>)[unit] ?? unit;
}
