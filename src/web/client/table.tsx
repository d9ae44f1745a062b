import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { handIntoView } from './inView.js';
import { Contributions } from './contributions.js';
import { Card } from './cardFace.js';
import { ShownRow } from './shown.js';
import { botName, namesOf } from './seatNames.js';
import { applyChat, chatOfSnapshot, type ChatLine } from './chat.js';
import { TalkBox } from './talkBox.js';
import { modSay } from './moderationWords.js';
import { pickKey, ringCrowded, seatAcross, seatAngle, type PlayedCard } from '../../games/present.js';
import { presentationOf } from '../../games/presentations.js';
import { cardLabel } from '../cards/index.js';
import type { Ctx } from './app.js';
import { checkReveal, type Check, type Reveal } from './fair.js';
import { tr } from './i18n.js';
import type { Snapshot } from '../../server/protocol.js';
import type { ServerMsg } from './net.js';
import { playerPath } from './player.js';
import { Hand, labelOf } from './hand.js';
import { HintButton } from './hint.js';
import { TrickCards } from './lastTrick.js';
import { useHandKeys } from './keys.js';
import { rememberSeat } from './myTables.js';
import { ScoreSheet } from './sheet.js';
import { endedOfSnapshot, SummaryDialog, type Ended } from './summary.js';
import { chime, setSoundWanted, soundWanted } from './sound.js';
import { cameToSit, goAndSit, maySit, playAgain, TableGone, TableOver, WaitingRoom } from './waiting.js';
import { refusal } from './refusal.js';
import { secondsLeft } from './clock.js';
import { RefusalText, RulesHelp } from './rules.js';
import { replayGame } from '../../games/replays.js';
import { TableTermsBox } from './tableTerms.js';

/** The snapshot as the server sends it (src/server/protocol.ts). */
type Snap = Snapshot;

/** How long a deal's summary stays up for one who watches. */
const WATCHER_SUMMARY_MS = 5000;

/** How long a finished trick takes to slide to its winner (the CSS animation: 0.35 s still, then 1 s). */
const SWEEP_MS = 1400;

export function TableScreen({ ctx, id }: { ctx: Ctx; id: string }) {
  const { conn, lang, user } = ctx;
  const [snap, setSnap] = useState<Snap | null>(null);
  const [legal, setLegal] = useState<string[]>([]);
  const [toAct, setToAct] = useState<number[]>([]);
  const [clocks, setClocks] = useState<Snap['clocks']>([]);
  const [away, setAway] = useState<number[]>([]);
  const [gone, setGone] = useState<{ seat: number; until: number }[]>([]);
  /** A refusal, as the server sent it: said in the page's language when shown. */
  const [notice, setNotice] = useState<{ code?: unknown; message?: unknown; params?: unknown } | null>(null);
  const [ended, setEnded] = useState<Ended[]>([]);
  const [chat, setChat] = useState<readonly ChatLine[]>([]);
  /** A moderator closed the table, for this reason. */
  const [closed, setClosed] = useState<string | null>(null);
  const [showLast, setShowLast] = useState(false);
  const [sweep, setSweep] = useState<{ cards: readonly PlayedCard[]; winner: number } | null>(null);
  const [now, setNow] = useState(Date.now());
  const [pending, setPending] = useState(false);
  /** The cards tapped so far for a choice of several (Talonschnapsen's lay-away). */
  const [picked, setPicked] = useState<string[]>([]);
  /** The server knows no such table (unknown, or over and no longer kept). */
  const [missing, setMissing] = useState(false);
  /** "Noch eine Runde" was sent: a table gone meanwhile is played again at its follow-up. */
  const againAsked = useRef(false);
  const last = useRef(-1);
  const accepted = useRef(0);
  const refreshing = useRef<'idle' | 'busy' | 'again'>('idle');
  const prevDone = useRef<number | null>(null);
  const current = useRef<Snap | null>(null);
  /** The deal taking contributions before its cards (null: none): after a deal it waits for those still reading. */
  const [collecting, setCollecting] = useState<number | null>(null);
  const fair = useMemo(() => new Contributions((deal, contribution) => conn.send({ type: 'contribute', table: id, deal, contribution })), [conn, id]);
  const presenter = snap ? presentationOf(snap.game) : undefined;

  // After new events the seat's view comes from a fresh snapshot (a join on the followed table); one at a time and
  // at most about ten a second, well inside the server's message rate.
  const lastJoin = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refresh = () => {
    if (refreshing.current !== 'idle') {
      refreshing.current = 'again';
      return;
    }
    if (timer.current) return;
    const wait = lastJoin.current + 100 - Date.now();
    const send = () => {
      timer.current = null;
      refreshing.current = 'busy';
      lastJoin.current = Date.now();
      conn.send({ type: 'join', table: id, since: last.current });
    };
    if (wait > 0) timer.current = setTimeout(send, wait);
    else send();
  };

  useEffect(() => {
    const off = conn.on((m: ServerMsg) => {
      if ('table' in m && m.table !== undefined && m.table !== id) return;
      switch (m.type) {
        case 'snapshot': {
          const s = m as unknown as Snap;
          current.current = s;
          setSnap(s);
          if (s.closed !== undefined) setClosed(s.closed);
          if (s.seat >= 0 && s.phase !== 'finished') rememberSeat(id);
          setCollecting(s.fair?.collecting ? s.fair.context.deal : null);
          // A page loaded anew shows the summary its player was reading (summary.tsx), the next shuffle's part held till read.
          const reading = last.current < 0 ? endedOfSnapshot(s, id) : null;
          if (reading) setEnded([reading]);
          if (reading?.kind === 'deal') fair.startReading();
          if (s.fair?.collecting && !s.fair.contributed) fair.offer(s.fair.context.deal, s.fair.commitment, s.seat, true);
          else if (s.fair) fair.offer(s.fair.context.deal, s.fair.commitment, -1);
          // Only the first snapshot sets the event number: after a reconnect the events missed since then follow the
          // snapshot (a deal's end, the sitting's end), and a refresh on a followed table has every event already.
          if (last.current < 0) last.current = s.last;
          accepted.current = Math.max(accepted.current, s.cseq);
          setLegal([...s.legal]);
          setToAct([...s.toAct]);
          setClocks([...s.clocks]);
          setGone([...s.disconnected]);
          // Who is away comes with the snapshot and then with each status (a player back at his turn sends no event).
          setAway(s.seats.flatMap((x, seat) => (x.kind === 'human' && x.away ? [seat] : [])));
          if (s.chat) setChat(chatOfSnapshot(s.chat));
          setPending(false);
          if (s.seat < 0 && s.phase === 'waiting' && cameToSit(id) && maySit(user, s.settings)) {
            const open = s.seats.findIndex((x) => x.kind === 'open');
            if (open >= 0) conn.send({ type: 'sit', table: id, seat: open });
          }
          const again = refreshing.current === 'again';
          refreshing.current = 'idle';
          if (again) refresh();
          return;
        }
        case 'events': {
          const events = m.events.filter((x) => x.e > last.current);
          setToAct(m.toAct as number[]);
          setLegal(m.legal as string[]);
          if (events.length === 0) return;
          last.current = events[events.length - 1].e;
          for (const { e, event } of events) {
            if (event.type === 'chat' || event.type === 'chatHidden') setChat((c) => applyChat(c, e, event));
            if (event.type === 'closed') setClosed(event.reason);
            // Another player started the next sitting while this one's summary is open here: it says so and closes
            // with "Weiter" instead of offering to start what has started (and the player's clock may be running).
            if (event.type === 'sittingStart') setEnded((list) => list.map((x) => (x.kind === 'sitting' ? { ...x, restarted: true } : x)));
            if (event.type === 'dealStart' && event.fair) {
              const f = event.fair as { commitment: string };
              fair.offer(event.deal as number, f.commitment, current.current?.seat ?? -1);
              setCollecting(event.deal as number);
            }
            if (event.type === 'dealEnd' && (current.current?.seat ?? -1) >= 0) fair.startReading();
            if (event.type === 'dealt') {
              fair.dealt(event.deal);
              setCollecting((c) => (c === event.deal ? null : c));
            }
            if (event.type === 'dealEnd' || event.type === 'sittingEnd') {
              setSnap((s) => {
                if (!s) return s;
                const p = presentationOf(s.game);
                // A sitting's end: its winner and the final standing of its finished units, and its whole Spielzettel.
                const lines = (l: 'de' | 'en') => (event.type === 'dealEnd' ? p.dealSummary(event.outcome, l, namesOf(s, l), s.view, s.rules) : p.sittingEnd(event.sheet, l, namesOf(s, l), s.rules));
                const outcomes = event.type === 'sittingEnd' ? (event.outcomes ?? s.outcomes) : undefined;
                const sheet = outcomes ? (l: 'de' | 'en') => p.scoreSheet(outcomes, l, namesOf(s, l), s.rules) : undefined;
                const reveal = event.type === 'dealEnd' ? (event.fair as Reveal | undefined) : undefined;
                const deal = event.type === 'dealEnd' ? event.deal : undefined;
                setEnded((e) => [
                  ...e,
                  { kind: event.type === 'dealEnd' ? 'deal' : 'sitting', lines, sheet, record: event.type === 'sittingEnd' ? event.record : undefined, deal, fair: reveal ? { reveal, check: { state: 'checking' } } : undefined },
                ]);
                if (reveal && deal !== undefined) {
                  void checkReveal(s.game, s.rules as Record<string, unknown>, reveal, fair.of(deal))
                    .catch((x: unknown) => ({ state: 'failed', reason: String(x) }) as Check)
                    .then((check) => setEnded((list) => list.map((x) => (x.kind === 'deal' && x.deal === deal && x.fair ? { ...x, fair: { reveal, check } } : x))));
                }
                return s;
              });
            }
          }
          refresh();
          return;
        }
        case 'status':
          setToAct(m.toAct as number[]);
          setLegal(m.legal as string[]);
          setClocks(m.clocks as Snap['clocks']);
          setAway(m.away as number[]);
          setGone((m.disconnected as typeof gone | undefined) ?? []);
          return;
        case 'ok':
          if (typeof m.cseq === 'number' && m.cseq > 0) accepted.current = Math.max(accepted.current, m.cseq);
          else againAsked.current = false;
          return;
        case 'error':
          // A contribution that came too late or twice changes nothing the player needs to know.
          if (m.code === 'notCollecting' || m.code === 'duplicateContribution') return;
          if (m.code === 'unknownTable' || m.code === 'tableExpired') {
            // "Noch eine Runde" after the finished table left memory: the first player to ask opens the next table,
            // the others are led to it (POST /api/tables/:id/again).
            if (againAsked.current) {
              againAsked.current = false;
              void playAgain(ctx, id).then((r) => {
                if (r.ok) return goAndSit(ctx.go, r.id);
                setSnap(null);
                setMissing(true);
              });
              return;
            }
            // The table left the server (expired, or over and gone from memory): the page says so from the store.
            setSnap(null);
            return setMissing(true);
          }
          setPending(false);
          againAsked.current = false;
          setNotice({ code: m.code, message: m.message, params: m.params });
          return;
      }
    });
    const offState = conn.onState((up) => {
      if (up) {
        fair.reconnected();
        refreshing.current = 'busy';
        conn.send({ type: 'join', table: id, since: last.current >= 0 ? last.current : undefined });
      }
    });
    refreshing.current = 'busy';
    conn.send({ type: 'join', table: id });
    const tick = setInterval(() => setNow(Date.now()), 500);
    return () => {
      off();
      offState();
      clearInterval(tick);
      conn.send({ type: 'unjoin', table: id });
    };
  }, [conn, id]);

  const names = snap ? namesOf(snap, lang) : [];
  const model = useMemo(() => (snap && presenter && snap.view ? presenter.table(snap.view, legal, lang, names) : null), [snap, legal, lang]);

  // A finished trick slides to its winner (SWEEP_MS) in a layer of its own that takes no clicks, while the next
  // trick is already shown beneath it. A new deal (fewer tricks done) ends a sweep at once.
  const sweepTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (!model) return;
    const done = model.tricksDone;
    const before = prevDone.current;
    prevDone.current = done;
    if (before === null || done === before) return;
    clearTimeout(sweepTimer.current);
    if (done > before && model.lastTrick) {
      setSweep(model.lastTrick);
      sweepTimer.current = setTimeout(() => setSweep(null), SWEEP_MS);
    } else setSweep(null);
  }, [model?.tricksDone]);
  useEffect(() => () => clearTimeout(sweepTimer.current), []);

  useEffect(() => {
    if (!model?.pick) setPicked([]);
  }, [Boolean(model?.pick)]);

  // His clock ran out and the bot decided for him (a status with his seat away): said until his own next decision
  // (play-test: a Rufspiel stood in his name, without a word why).
  const [botActed, setBotActed] = useState(false);
  useEffect(() => void (snap && snap.seat >= 0 && away.includes(snap.seat) && setBotActed(true)), [away]);
  const act = (action: string) => {
    if (!snap) return;
    setPicked([]);
    setNotice(null);
    setBotActed(false);
    setPending(true);
    conn.send({ type: 'act', table: id, cseq: accepted.current + 1, action });
  };

  // Keyboard: 1–9, arrows and Enter play; Escape closes the last trick (keys.ts).
  useHandKeys(() => setShowLast(false));

  // Your turn shows in the tab's title and, if wanted, with a short chime when it begins.
  const [sound, setSound] = useState(soundWanted);
  const mineNow = snap !== null && snap.seat >= 0 && toAct.includes(snap.seat);
  const wasMine = useRef(false);
  useEffect(() => {
    document.title = mineNow ? `● ${tr(lang, 'yourTurn')} · stich` : 'stich';
    if (mineNow && !wasMine.current) chime();
    wasMine.current = mineNow;
  }, [mineNow, lang]);
  useEffect(() => () => void (document.title = 'stich'), []);
  // The player's hand and clock are brought into view where the page has pushed them below the screen (a phone with
  // the first trick shown, Karnöffel's partner's cards at 1280x800): when his turn begins, when a refusal is said or
  // the seat's view comes (the turn may be known a moment before the cards), and once more when the page has settled;
  // between those he may scroll as he likes.
  useEffect(() => {
    if (!mineNow) return;
    handIntoView();
    const t = setTimeout(handIntoView, 300);
    return () => clearTimeout(t);
  }, [mineNow, notice, snap]);

  // Every summary closed (of the deals and of a sitting another player began again): the next deal's contribution
  // goes out, and the deal begins.
  const readingNow = ended.length > 0;
  useEffect(() => {
    if (!readingNow) fair.doneReading();
  }, [readingNow]);
  // A player still reading when the next deal began anyway (past the server's wait, or another player started the
  // next sitting) and is to act in it: the old summaries close, so that no dialog hides his buttons while his clock
  // runs (the Spielzettel keeps every result, the record the sitting's).
  const runningDeal = snap?.deal ?? -1;
  const stale = (x: Ended) => x.restarted === true || (x.kind === 'deal' && x.deal !== undefined && x.deal < runningDeal);
  useEffect(() => {
    if (mineNow && ended.some(stale)) setEnded((e) => e.filter((x) => !stale(x)));
  }, [mineNow, runningDeal, ended]);

  // One who watches is not asked to close a deal's summary: it goes by itself after a while (the sitting's stays).
  const watching = snap !== null && snap.seat < 0;
  useEffect(() => {
    const first = ended[0];
    if (!watching || first?.kind !== 'deal') return;
    const t = setTimeout(() => setEnded((e) => (e[0] === first ? e.slice(1) : e)), WATCHER_SUMMARY_MS);
    return () => clearTimeout(t);
  }, [ended[0], watching]);

  const say = (text: string) => conn.send({ type: 'chat', table: id, text });
  if (!snap) return missing ? <TableGone ctx={ctx} id={id} /> : <main class="center muted">{tr(lang, 'loading')}</main>;
  const me = snap.seat;
  const n = snap.seats.length;
  const order = Array.from({ length: n }, (_, i) => (Math.max(me, 0) + i) % n);
  const others = me >= 0 ? order.slice(1) : order;
  const clockOf = (seat: number) => {
    const c = clocks.find((x) => x.seat === seat);
    return c ? secondsLeft(c.deadline, Math.max(now, Date.now()), snap.settings.clockMs) : null;
  };
  const graceOf = (seat: number) => {
    const g = gone.find((x) => x.seat === seat);
    return g ? Math.max(0, Math.ceil((g.until - Math.max(now, Date.now())) / 1000)) : null;
  };
  const seatBox = (seat: number) => {
    const s = snap.seats[seat];
    const turn = toAct.includes(seat);
    const secs = clockOf(seat);
    const bot = botName(names[seat]);
    return (
      <div class={`seat${turn ? ' turn' : ''}${seat === me ? ' mine' : ''}`} key={seat} data-seat={seat}>
        <div class="name">
          {/* The name alone is cut short when it is long; the marks beside it (guest, level, clock) stay whole. A long
              name is set smaller on a phone's narrow plates (style.css), so that ten letters or more fit whole. */}
          <span class={`nm${[...(names[seat] ?? '')].length >= 10 ? ' long' : ''}`}>
            {s.kind === 'open' ? (
              <em>{tr(lang, 'openSeat')}</em>
            ) : s.kind === 'human' && s.name ? (
              <a class="who" href={playerPath(s.name, s.userId)} target="_blank" rel="noopener">
                {names[seat]}
              </a>
            ) : (
              bot.name
            )}
          </span>
          {/* "(bot)" outside the part cut short, so that a long bot name stays whole (on a phone on a line of its own). */}
          {s.kind === 'bot' && bot.mark && <span class="botmark">{` ${bot.mark}`}</span>}
          {s.kind === 'bot' && (s.bot === 'medium' || s.bot === 'strong' || s.bot === 'strong-1') && (
            <span class="level" title={tr(lang, 'botLevel')}>
              {tr(lang, s.bot === 'strong' ? 'levelStrong' : s.bot === 'strong-1' ? 'levelStrong1' : 'levelMedium')}
            </span>
          )}
          {s.kind === 'human' && s.guest && <span class="tag guest">{tr(lang, 'guest')}</span>}
          {away.includes(seat) && <span class="tag">{tr(lang, 'away')}</span>}

          {turn && secs !== null && <span class="clock">{secs}s</span>}
        </div>
        {/* Away past the grace: "weg" alone left the others guessing who plays the seat now (play-test); in two words, as the plates on a phone are narrow, and "weg" says the rest. */}
        {away.includes(seat) && <div class="stand-in">{tr(lang, 'botPlaysForSeat')}</div>}
        {!away.includes(seat) && graceOf(seat) !== null && (
          <div class="gone" role="status">
            {/* At a waiting table the seat is freed for another when the time is up; in a sitting a bot plays for it. */}
            {tr(lang, 'disconnected')} · {snap.phase === 'waiting' ? `${tr(lang, 'seatFreedIn')} ` : ''}
            {graceOf(seat)}s
          </div>
        )}
        {model && <div class="note">{model.seatNotes[seat]}</div>}
        {model && model.marks[seat].length > 0 && (
          <div class="marks">
            {model.marks[seat].map((x) => (
              <span class="mark" key={x}>
                {x}
              </span>
            ))}
          </div>
        )}
        {model && model.taken[seat] && <div class="taken">{model.taken[seat]}</div>}
        {model && (model.seatCards?.[seat]?.length ?? 0) > 0 && (
          <div class="seatcards">
            {model.seatCards![seat].map((c) => (
              <Card key={c.code} c={c} m={model} small />
            ))}
          </div>
        )}
        {snap.phase === 'waiting' && s.kind === 'open' && me < 0 && maySit(user, snap.settings) && (
          <button class="primary" onClick={() => conn.send({ type: 'sit', table: id, seat })}>
            {tr(lang, 'sitHere')}
          </button>
        )}
      </div>
    );
  };
  // Where a seat sits round the ring, and where its card lies on the felt: fractions of the box from its centre.
  const angle = (seat: number) => (seatAngle(seat, me, n) * Math.PI) / 180;
  // (The style sheet multiplies --cx and --cy by the radii it chooses for the screen's size.)
  const at = (seat: number) => ({ '--cx': Math.cos(angle(seat)).toFixed(3), '--cy': Math.sin(angle(seat)).toFixed(3) });
  const toward = (seat: number) => ({ '--wx': Math.cos(angle(seat)).toFixed(3), '--wy': Math.sin(angle(seat)).toFixed(3) });
  const myTurn = me >= 0 && toAct.includes(me);
  const topEnded = ended[0];

  return (
    <main class={`table${myTurn ? ' my-turn' : ''}`} data-phase={snap.phase}>
      <h1 class="sr-only">{lang === 'de' ? `${replayGame(snap.game)?.title ?? snap.game}-Tisch` : `${replayGame(snap.game)?.title ?? snap.game} table`}</h1>
      {!model && <div class="others">{order.map(seatBox)}</div>}
      {snap.phase === 'waiting' && <WaitingRoom ctx={ctx} id={id} game={snap.game} snap={snap} />}
      {snap.phase === 'waiting' && !model && <TalkBox talk={[]} lines={chat} table={id} me={user.id} lang={lang} send={say} />}
      {snap.phase === 'finished' && me < 0 && <TableOver ctx={ctx} id={id} />}
      {model && (
        <>
          {/* The board (headline, ring, tools) and one's own part (prompt, buttons, hand) stand one above the other,
              or side by side on a phone held sideways (style.css). */}
          <div class="board">
          <div class="headline">
            <RulesHelp game={snap.game} lang={lang} rules={snap.rules as Readonly<Record<string, unknown>>} />
            {model.headline.map((l, i) => (
              <div key={i}>{l}</div>
            ))}
          </div>
          <div class={`ring${ringCrowded(n) ? ' crowd' : ''}${me < 0 ? ' watch' : ''}`} style={{ '--n': String(n) }}>
            {others.map((seat) => (
              <div class={`place${seatAcross(seat, me, n) ? ' across' : ''}`} key={seat} style={at(seat)}>
                {seatBox(seat)}
              </div>
            ))}
            <div class={`felt${me < 0 ? ' watch' : ''}`} role="group" aria-label={tr(lang, 'theTrick')}>
              {model.trick.map((c) => (
                <figure class={`played${c.tag ? ' tagged' : ''}`} key={`${c.seat}-${c.code}`} data-card={c.code} data-seat={c.seat} data-tag={c.tag} style={at(c.seat)} aria-label={`${names[c.seat]}: ${cardLabel(c.suit, c.rank, model.faces, lang, model.pack)}${c.tag ? ` (${c.tag})` : ''}`}>
                  <Card c={c} m={model} decorative />
                </figure>
              ))}
              {sweep && (
                <div class="sweeping" aria-hidden="true" style={toward(sweep.winner)}>
                  {sweep.cards.map((c) => (
                    <figure class={`played sweep${c.seat === sweep.winner ? ' win' : ''}`} key={`${c.seat}-${c.code}`} data-card={c.code} style={at(c.seat)}>
                      <Card c={c} m={model} />
                    </figure>
                  ))}
                </div>
              )}
            </div>
          </div>
          <div class="tools">
            {model.lastTrick && (
              <button class="link small" onClick={() => setShowLast(!showLast)} aria-expanded={showLast}>
                {tr(lang, 'lastTrick')}
              </button>
            )}
            <button
              class="link small sound"
              aria-pressed={sound}
              onClick={() => {
                setSoundWanted(!sound);
                setSound(!sound);
              }}
            >
              {tr(lang, sound ? 'soundOn' : 'soundOff')}
            </button>
          </div>
          </div>
          {showLast && model.lastTrick && (
            <div class="lasttrick" role="dialog" aria-label={tr(lang, 'lastTrick')} onClick={() => setShowLast(false)}>
              <TrickCards trick={model.lastTrick} m={model} names={names} lang={lang} />
            </div>
          )}
          <ShownRow m={model} />
          {closed !== null && (
            <p class="notice closed" role="alert">
              {modSay(lang, 'tableClosed')}: {closed}
            </p>
          )}
          {botActed && closed === null && <p class="notice bot-acted" role="status">{tr(lang, 'botActedForYou')}</p>}
          {notice && closed === null && (
            <p class="notice" role="alert">
              <RefusalText r={refusal(lang, notice, { pack: model.pack, faces: model.faces })} game={snap.game} lang={lang} />
            </p>
          )}
          {/* Read and closed: the next deal waits for the others still reading (the server's readingMs). */}
          {me >= 0 && collecting !== null && !readingNow && ((snap.outcomes?.length ?? 0) > 0 || snap.sitting > 1) && (
            <p class="muted small next-deal" role="status">
              {tr(lang, 'nextDealSoon')}
            </p>
          )}
          {me >= 0 && (
            <div class="own">
              {model.prompt && myTurn && <p class="yourturn">{model.prompt}</p>}
              {/* Hints only at an unrated table (the server refuses them at a rated one). */}
              {!snap.settings.rated && snap.phase === 'playing' && <HintButton conn={conn} table={id} m={model} legal={myTurn ? legal : []} lang={lang} />}
              {model.pick && myTurn && (
                <div class="buttons">
                  <button
                    class="action confirm"
                    disabled={pending || model.pick.actions[pickKey(picked)] === undefined}
                    onClick={() => {
                      const action = model.pick?.actions[pickKey(picked)];
                      if (action) act(action);
                    }}
                  >
                    {model.pick.confirm}
                    {picked.length > 0 ? `: ${picked.map((code) => labelOf(model, code, lang)).join(' + ')}` : ` (${picked.length}/${model.pick.count})`}
                  </button>
                </div>
              )}
              {model.buttons.length > 0 && myTurn && (
                <div class="buttons">
                  {model.buttons.map((b) => (
                    <button key={b.action} class="action" data-action={b.action} disabled={pending} onClick={() => act(b.action)}>
                      {b.label}
                    </button>
                  ))}
                </div>
              )}
              <Hand
                cards={model.hand}
                m={model}
                lang={lang}
                myTurn={myTurn}
                pending={pending}
                onPlay={act}
                picked={model.pick && myTurn ? picked : null}
                onPick={(code) => setPicked((p) => (p.includes(code) ? p.filter((x) => x !== code) : p.length < (model.pick?.count ?? 0) ? [...p, code] : p))}
              />
              <div class="mine-line">{seatBox(me)}</div>
            </div>
          )}
          {me < 0 && <p class="muted center">{tr(lang, 'spectator')}</p>}
          <details class="score">
            <summary>{tr(lang, 'sheet')}</summary>
            <TableTermsBox game={snap.game} rules={snap.rules} settings={snap.settings} lang={lang} />
            {model.score.map((l, i) => (
              <div key={i}>{l}</div>
            ))}
            {presenter && <ScoreSheet table={presenter.scoreSheet(snap.outcomes ?? [], lang, names, snap.rules)} lang={lang} />}
            {(presenter ? presenter.sheet(snap.sheet, lang, names, snap.rules) : []).map((l, i) => (
              <div key={`s${i}`}>{l}</div>
            ))}
          </details>
          <TalkBox talk={model.talk} lines={chat} table={id} me={user.id} lang={lang} send={say} />
        </>
      )}
      {topEnded && (
        <SummaryDialog
          ended={topEnded}
          trick={topEnded.kind === 'deal' && topEnded.deal === snap.deal && model?.lastTrick ? { trick: model.lastTrick, m: model } : undefined}
          lang={lang}
          names={names}
          seated={me >= 0}
          next={() => setEnded((e) => e.slice(1))}
          again={() => {
            setEnded([]);
            againAsked.current = true;
            conn.send({ type: 'again', table: id });
          }}
          go={ctx.go}
        />
      )}
    </main>
  );
}

