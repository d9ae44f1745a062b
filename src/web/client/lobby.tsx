import { useEffect, useState } from 'preact/hooks';
import type { Ctx } from './app.js';
import { oneDecimal, tr } from './i18n.js';
import { say } from './setupWords.js';
import type { LobbyTable } from '../../server/protocol.js';
import { api } from './net.js';
import { playerPath, PROVISIONAL } from './player.js';
import { count } from '../../games/present.js';
import { replayGame } from '../../games/replays.js';
import { presetLabel, ruleValueLabel, type HouseRule } from '../../games/ruleBook.js';
import { LearnLinks, RulesLinks, rulesPath } from './rules.js';
import { refusal } from './refusal.js';
import { unitName } from './terms.js';
import { goAndSit, maySit } from './waiting.js';
import { YourTables } from './myTables.js';
import { applyDiff, firstPage, LOBBY_MAX, LOBBY_PAGE } from './lobbyList.js';

interface GameInfo {
  id: string;
  title: string;
  presets: string[];
  defaultPreset: string;
  houseRules: { name: string; type: string; default: unknown; choices?: string[]; min?: number; max?: number }[];
  bots: string[];
  /** Seats with each preset's rules. */
  presetSeats?: Record<string, number | null>;
  /** Seats with the default rules (a preset or house rule may change it). */
  seats: number | null;
  unit: string;
}


export function Lobby({ ctx }: { ctx: Ctx }) {
  const { lang, conn } = ctx;
  const [games, setGames] = useState<GameInfo[]>([]);
  const [tables, setTables] = useState<LobbyTable[]>([]);
  const [total, setTotal] = useState(0);
  const [online, setOnline] = useState(0);
  /** The page the server sends: one game or all (''), and how many tables. */
  const [game, setGame] = useState('');
  const [limit, setLimit] = useState(LOBBY_PAGE);
  useEffect(() => {
    void api<{ games: GameInfo[] }>('GET', '/api/games').then((r) => r.ok && setGames(r.body.games));
  }, []);
  useEffect(() => {
    const follow = () => conn.send({ type: 'lobby', limit, ...(game ? { game } : {}) });
    const off = conn.on((m) => {
      if (m.type === 'lobby') {
        setTables(firstPage(m.tables));
        setTotal(m.total);
        setOnline(m.onlineCount);
      } else if (m.type === 'lobbyDiff') {
        setTables((before) => applyDiff(before, m));
        setTotal(m.total);
        if (m.onlineCount !== undefined) setOnline(m.onlineCount);
      }
    });
    const offState = conn.onState((up) => up && follow());
    follow();
    return () => {
      off();
      offState();
      conn.send({ type: 'unlobby' });
    };
  }, [conn, game, limit]);
  const title = (id: string) => games.find((g) => g.id === id)?.title ?? id;
  const de = lang === 'de';
  return (
    <main class="lobby">
      <h1 class="sr-only">stich · {tr(lang, 'lobby')}</h1>
      <YourTables ctx={ctx} title={title} line={(t) => tableLine(lang, t)} />
      <section>
        <h2>{tr(lang, 'newTable')}</h2>
        {games.length > 0 && <CreateTable ctx={ctx} games={games} />}
        <RulesLinks lang={lang} go={ctx.go} />
        <LearnLinks lang={lang} go={ctx.go} />
      </section>
      <section>
        <h2>{tr(lang, 'openTables')}</h2>
        {games.length > 0 && (
          <select
            class="lobby-filter"
            aria-label={de ? 'Tische welchen Spiels' : 'Tables of which game'}
            value={game}
            onChange={(e) => {
              setGame((e.target as HTMLSelectElement).value);
              setLimit(LOBBY_PAGE);
            }}
          >
            <option value="">{de ? 'Alle Spiele' : 'All games'}</option>
            {games.map((g) => (
              <option key={g.id} value={g.id}>
                {g.title}
              </option>
            ))}
          </select>
        )}
        {tables.length === 0 && <p class="muted">{tr(lang, 'noTables')}</p>}
        <ul class="tables">
          {tables.map((t) => {
            // A guest watches a rated table (its seats are for registered names).
            const open = maySit(ctx.user, t) ? t.seats.filter((s) => s.kind === 'open').length : 0;
            // A table the player sits at (left for the lobby, or open in another tab): back to his seat, not "watch".
            const mine = t.seats.some((s) => s.kind === 'human' && s.userId === ctx.user.id);
            return (
              <li key={t.id}>
                <div class="what">
                  <strong>{title(t.game)}</strong>
                  <span class="muted">{tableLine(lang, t)}</span>
                </div>
                {/* "Hinsetzen" sits down at once (the first open seat, as after opening a table); "Zuschauen" only watches. */}
                <button
                  class={mine || open > 0 ? 'primary' : ''}
                  onClick={() => (!mine && open > 0 ? goAndSit(ctx.go, t.id) : ctx.go(`/table/${t.id}`))}
                >
                  {tr(lang, mine ? 'backToSeat' : open > 0 ? 'join' : 'watch')}
                </button>
              </li>
            );
          })}
        </ul>
        {tables.length < total &&
          (limit < LOBBY_MAX ? (
            <button type="button" class="more-tables" onClick={() => setLimit(Math.min(LOBBY_MAX, limit + LOBBY_PAGE))}>
              {de ? `Mehr Tische (${tables.length} von ${total})` : `More tables (${tables.length} of ${total})`}
            </button>
          ) : (
            <p class="muted small">{de ? `Die neuesten ${tables.length} von ${total} Tischen; wähl ein Spiel, um andere zu sehen.` : `The newest ${tables.length} of ${total} tables; choose a game to see others.`}</p>
          ))}
        <p class="muted small">
          {online} {tr(lang, 'online')}
        </p>
        {games.length > 0 && <Leaderboard ctx={ctx} games={games} />}
      </section>
    </main>
  );
}

/** A table of the lobby in words: who sits there, the seats free, whether it is rated or under way. */
function tableLine(lang: Ctx['lang'], t: LobbyTable): string {
  const de = lang === 'de';
  const names = t.seats.flatMap((s) => (s.kind === 'open' ? [] : [s.kind === 'human' && s.guest ? `${s.name} (${tr(lang, 'guest')})` : (s.name ?? '')]));
  const open = t.seats.filter((s) => s.kind === 'open').length;
  // What the table is doing first: a long row is cut at its end, and the names can stand that better.
  const parts: string[] = [];
  if (t.phase === 'playing') parts.push(de ? 'läuft' : 'under way');
  if (open > 0) parts.push(de ? `${open} ${open === 1 ? 'Platz' : 'Plätze'} frei` : `${open} ${open === 1 ? 'seat' : 'seats'} free`);
  if (t.rated) parts.push(de ? 'gewertet' : 'rated');
  parts.push(names.join(', '));
  return parts.filter((p) => p).join(' · ');
}

/** The bots' pace: how long each bot decision waits (the table's botDelayMs). */
const PACES = [
  { ms: 300, word: 'paceFast' },
  { ms: 800, word: 'paceNormal' },
  { ms: 1600, word: 'paceSlow' },
] as const;
/** The time for each decision (clockMs; 0: none). */
const CLOCKS = [30_000, 60_000, 120_000, 300_000, 0];

function CreateTable({ ctx, games }: { ctx: Ctx; games: GameInfo[] }) {
  const { lang } = ctx;
  const [gameId, setGameId] = useState(games[0].id);
  const game = games.find((g) => g.id === gameId) ?? games[0];
  const [preset, setPreset] = useState(game.defaultPreset);
  const defaultLevel = (g: GameInfo) => (g.bots.includes('easy') ? 'easy' : (g.bots.find((b) => b !== 'random') ?? g.bots[0] ?? ''));
  /** Per seat after the creator's: "open" or a bot's level. */
  const [seatChoice, setSeatChoice] = useState<string[]>([]);
  const [isPublic, setPublic] = useState(true);
  const [pace, setPace] = useState(800);
  const [clock, setClock] = useState(60_000);
  const [units, setUnits] = useState(1);
  const [deals, setDeals] = useState('');
  const [rated, setRated] = useState(false);
  const [rules, setRules] = useState<Record<string, string | number | boolean>>({});
  const [error, setError] = useState('');
  useEffect(() => {
    setPreset(game.defaultPreset);
    setSeatChoice([]);
    setRules({});
  }, [gameId]);
  // The seat count follows from the rules: a house rule (Karnöffel's players) or the preset.
  const count = Math.max(1, Number(rules.players ?? game.presetSeats?.[preset] ?? game.seats ?? 4));
  const choices = Array.from({ length: count - 1 }, (_, i) => seatChoice[i] ?? defaultLevel(game));
  const create = async () => {
    setError('');
    const body: Record<string, unknown> = {
      game: game.id,
      preset,
      rules,
      rated: rated && !ctx.user.guest,
      public: isPublic,
      seats: ['open', ...choices.map((c) => (c === 'open' ? 'open' : `bot:${c}`))],
      botDelayMs: pace,
      clockMs: clock,
      length: deals ? { deals: Number(deals) } : { units },
    };
    const r = await api<{ id: string; error?: { code: string; message: string; params?: Record<string, number> } }>('POST', '/api/tables', body);
    if (!r.ok) return setError(r.body?.error ? refusal(lang, r.body.error).text : String(r.status));
    goAndSit(ctx.go, r.body.id);
  };
  const set = (name: string, v: string | number | boolean) => setRules({ ...rules, [name]: v });
  const choose = (i: number, v: string) => setSeatChoice(choices.map((c, j) => (j === i ? v : c)));
  // The rule book's words for people: presets and house rules by name, never by id.
  const book = replayGame(game.id)?.ruleBook;
  const words = (name: string) => book?.houseRules.find((h) => h.name === name);
  const playersRule = game.houseRules.find((r) => r.name === 'players' && r.type === 'integer');
  const houseRules = game.houseRules.filter((r) => r !== playersRule);
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
              {book ? presetLabel(book, p, lang) : p}
            </option>
          ))}
        </select>
      </label>
      {book && (
        <p class="small preset-explain">
          {book.presets.find((p) => p.name === preset)?.explain[lang]}{' '}
          <a href={rulesPath(game.id)} target="_blank" rel="noopener">
            {tr(lang, 'rulesOf')}
          </a>
        </p>
      )}
      <fieldset class="seats">
        <legend>{say(lang, 'seats')}</legend>
        {/* A game whose number of players is a house rule (Karnöffel: 2, 4, 6 or 8) asks it here, with the seats it makes. */}
        {playersRule && (
          <label class="seat-row players">
            <span>{words('players')?.label[lang] ?? 'players'}</span>
            <select name="players" value={String(count)} onChange={(e) => set('players', Number((e.target as HTMLSelectElement).value))}>
              {[2, 4, 6, 8]
                .filter((n) => n >= (playersRule.min ?? 2) && n <= (playersRule.max ?? 8))
                .map((n) => (
                  <option key={n} value={String(n)}>
                    {n}
                  </option>
                ))}
            </select>
          </label>
        )}
        <div class="seat-row">
          <span>{say(lang, 'seatN')} 1</span>
          <strong>{say(lang, 'youSit')}</strong>
        </div>
        {choices.map((c, i) => (
          <label class="seat-row" key={i}>
            <span>
              {say(lang, 'seatN')} {i + 2}
            </span>
            <select name={`seat${i + 1}`} value={c} onChange={(e) => choose(i, (e.target as HTMLSelectElement).value)}>
              <option value="open">{say(lang, 'openForFriend')}</option>
              {game.bots.map((b) => (
                <option key={b} value={b}>
                  {say(lang, 'botOf')}: {levelName(lang, b)}
                </option>
              ))}
            </select>
          </label>
        ))}
      </fieldset>
      <label>
        {say(lang, 'visibility')}
        <select name="visibility" value={isPublic ? 'public' : 'private'} onChange={(e) => setPublic((e.target as HTMLSelectElement).value === 'public')}>
          <option value="public">{say(lang, 'publicTable')}</option>
          <option value="private">{say(lang, 'privateTable')}</option>
        </select>
      </label>
      <div class="pair">
        <label>
          {say(lang, 'pace')}
          <select name="pace" value={String(pace)} onChange={(e) => setPace(Number((e.target as HTMLSelectElement).value))}>
            {PACES.map((p) => (
              <option key={p.ms} value={String(p.ms)}>
                {say(lang, p.word)} ({(p.ms / 1000).toLocaleString(lang)} s)
              </option>
            ))}
          </select>
        </label>
        <label>
          {say(lang, 'clock')}
          <select name="clock" value={String(clock)} onChange={(e) => setClock(Number((e.target as HTMLSelectElement).value))}>
            {CLOCKS.map((ms) => (
              <option key={ms} value={String(ms)}>
                {ms === 0 ? say(lang, 'noClock') : ms < 60_000 ? `${ms / 1000} s` : `${ms / 60_000} min`}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div class="pair">
        <label>
          {say(lang, 'units')}
          <select name="units" value={String(units)} disabled={deals !== ''} onChange={(e) => setUnits(Number((e.target as HTMLSelectElement).value))}>
            {[1, 2, 3, 4].map((u) => (
              <option key={u} value={String(u)}>
                {u} {unitName(lang, game.unit, u)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {say(lang, 'orDeals')}
          <input name="deals" type="number" min={1} max={1000} value={deals} placeholder="–" onInput={(e) => setDeals((e.target as HTMLInputElement).value)} />
        </label>
      </div>
      <label class="rule">
        <span>
          {/* A guest plays unrated (the server refuses a guest's rated table): the box says so instead. */}
          <input type="checkbox" name="rated" checked={rated && !ctx.user.guest} disabled={ctx.user.guest} onChange={(e) => setRated((e.target as HTMLInputElement).checked)} />{' '}
          {lang === 'de' ? 'Gewertet (Rangliste)' : 'Rated (leaderboard)'}
          {ctx.user.guest && <span class="muted small"> · {lang === 'de' ? 'nur mit registriertem Namen' : 'for registered names only'}</span>}
        </span>
      </label>
      <details>
        <summary>{tr(lang, 'houseRules')}</summary>
        {houseRules.map((r) => (
          <label key={r.name} class="rule" title={words(r.name)?.explain[lang]}>
            {words(r.name)?.label[lang] ?? r.name}
            {r.type === 'boolean' ? (
              <input type="checkbox" checked={Boolean(rules[r.name] ?? r.default)} onChange={(e) => set(r.name, (e.target as HTMLInputElement).checked)} />
            ) : r.choices ? (
              <select value={String(rules[r.name] ?? r.default)} onChange={(e) => set(r.name, (e.target as HTMLSelectElement).value)}>
                {r.choices.map((c) => (
                  <option key={c} value={c}>
                    {words(r.name) ? ruleValueLabel(words(r.name) as HouseRule, c, lang) : c}
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
              {/* As on the player page: a rating of fewer than five sittings says little yet (a newcomer's μ − 3σ is below 0). */}
              · {r.sittings < PROVISIONAL ? <span class="provisional">{tr(ctx.lang, 'provisional')}</span> : oneDecimal(ctx.lang, r.rating)} · {count(ctx.lang, r.sittings, ['Sitzung', 'Sitzungen'], ['sitting', 'sittings'])}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** A bot level's name in the page's language, with the name the protocol and the CLI use. */
function levelName(lang: Ctx['lang'], bot: string): string {
  const word = ({ easy: 'levelEasy', medium: 'levelMedium', strong: 'levelStrong', 'strong-1': 'levelStrong1', random: 'levelRandom' } as const)[bot as 'easy'];
  if (!word) return bot;
  const local = tr(lang, word);
  return local === bot ? bot : `${local} (${bot})`;
}

