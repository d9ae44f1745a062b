import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { pickKey, ringCrowded, seatAcross, seatAngle, type Lang, type TableModel } from '../../games/present.js';
import { presentationOf } from '../../games/presentations.js';
import { cardLabel } from '../cards/index.js';
import { Hand } from './hand.js';
import { useHandKeys } from './keys.js';
import { LoadFailed, useOnDemand } from './onDemand.js';
import { LESSON_GAMES, loadLesson, say, type Lesson, type Words } from './lessons/lesson.js';
import { runLesson, type LessonRun } from './lessons/run.js';
import { refusal } from './refusal.js';
import { Card } from './cardFace.js';
import { ShownRow } from './shown.js';

type Go = (path: string) => void;

/** The address of a game's guided first deal. */
export function lessonPath(game: string): string {
  return `/learn/${encodeURIComponent(game)}`;
}

export function hasLesson(game: string): boolean {
  return (LESSON_GAMES as readonly string[]).includes(game);
}

const W = {
  start: ['Los geht’s', 'Let’s go'],
  next: ['Weiter', 'Next'],
  yourMove: ['Du bist dran', 'Your move'],
  wrong: ['Nicht diese – in diesem Lernspiel kommt jetzt: {x}. Lies noch einmal, warum.', 'Not this one – in this lesson the move now is: {x}. Read again why.'],
  /** After the rule's own words for a move the rules forbid. */
  wrongRule: ['In diesem Lernspiel kommt jetzt: {x}.', 'In this lesson the move now is: {x}.'],
  again: ['Noch einmal', 'Once more'],
  rules: ['Zu den Regeln', 'To the rules'],
  play: ['Gegen Bots spielen', 'Play against bots'],
  done: ['Lernspiel beendet', 'Lesson complete'],
  step: ['Schritt', 'Step'],
  unknown: ['Für dieses Spiel gibt es noch kein Lernspiel.', 'There is no lesson for this game yet.'],
  loading: ['Lade…', 'Loading…'],
} as const;
const w = (lang: Lang, k: keyof typeof W) => W[k][lang === 'de' ? 0 : 1];

/** How long another seat takes for its scripted move. */
const MOVE_MS = 650;

/**
 * /learn/GAME: a guided first deal (issue 22). It runs on the game's own
 * engine in the page, as the record viewer does: a lesson is one person's,
 * with fixed cards, nothing to hide and nothing to record, so it needs no
 * table, no account and no server round trip (it works offline too). The
 * learner makes their own moves by clicking; the other seats play the
 * lesson's script; after each trick the page says why it was won.
 */
export function LearnScreen({ game, lang, go }: { game: string; lang: Lang; go: Go }) {
  const [lesson, failed] = useOnDemand(() => loadLesson(game), [game]);
  const run = useMemo(() => (lesson ? runLesson(lesson) : undefined), [lesson]);
  if (lesson === null) {
    return (
      <main class="lesson-page center">
        <p>{w(lang, 'unknown')}</p>
        <button onClick={() => go('/')}>{w(lang, 'play')}</button>
      </main>
    );
  }
  if (failed) {
    return (
      <main class="lesson-page center">
        <LoadFailed lang={lang} />
      </main>
    );
  }
  if (!lesson || !run) return <main class="center muted">{w(lang, 'loading')}</main>;
  return <LessonTable key={game} lesson={lesson} run={run} lang={lang} go={go} />;
}

/** Where the learner is in a lesson, kept in the page's history entry (the step reached, and whether its words wait). */
interface Place {
  readonly lesson: string;
  readonly at: number;
  readonly started: boolean;
  readonly note: boolean;
}

/**
 * The place kept for this lesson in the current history entry: back to the rules page and forward again, or a reload,
 * goes on where the learner was (play-test: it began again at step 0); a new visit, a new entry, starts afresh.
 */
function keptPlace(lesson: Lesson): Place | undefined {
  const kept = (history.state as { lessonPlace?: Place } | null)?.lessonPlace;
  return kept && kept.lesson === lesson.game && Number.isInteger(kept.at) && kept.at >= 0 && kept.at <= lesson.steps.length ? kept : undefined;
}

function LessonTable({ lesson, run, lang, go }: { lesson: Lesson; run: LessonRun; lang: Lang; go: Go }) {
  const { game, rules, states } = run;
  const me = lesson.learner;
  const steps = lesson.steps;
  const kept = useMemo(() => keptPlace(lesson), [lesson]);
  const [started, setStarted] = useState(kept?.started ?? false);
  /** Steps done so far: the deal is states[at]. */
  const [at, setAt] = useState(kept?.at ?? 0);
  /** Words after a step, waiting for "Weiter". */
  const [note, setNote] = useState<Words | null>(kept?.note && kept.at > 0 ? (steps[kept.at - 1].after ?? null) : null);
  useEffect(() => {
    const place: Place = { lesson: lesson.game, at, started, note: note !== null };
    history.replaceState({ ...((history.state as object | null) ?? {}), lessonPlace: place }, '');
  }, [at, started, note]);
  const [wrong, setWrong] = useState<string | null>(null);
  /** After a wrong try: the card (or cards) the lesson's move plays, pointed at in the hand so that its name meets its picture. */
  const [pointAt, setPointAt] = useState<string[]>([]);
  /** The cards tapped so far for a choice of several (Talonschnapsen's lay-away). */
  const [picked, setPicked] = useState<string[]>([]);
  // The table's keys here too (1–9, ←/→, Enter): a lesson teaches the table it leads to.
  useHandKeys();
  // "Weiter" takes the focus whenever words wait for it, so that Enter goes on (autoFocus did it for the first
  // words only: Preact keeps the button of one note for the next, and the focus had stayed on the page's body).
  const nextButton = useRef<HTMLButtonElement>(null);
  useEffect(() => nextButton.current?.focus(), [note]);
  const p = presentationOf(lesson.game);
  const names = lesson.names.map((n) => say(n, lang));
  const step = at < steps.length ? steps[at] : undefined;
  const mine = started && note === null && step !== undefined && step.seat === me;
  const over = started && note === null && at === steps.length;
  const state = states[at];
  const view = game.view(state, me);
  // The learner may click any of their cards (a wrong one is explained); of the buttons only the lesson's move.
  const legal = mine ? game.legal(state, me).map((a) => game.formatAction(rules, a)) : [];
  const full: TableModel = p.table(view, legal, lang, names);
  // Hands shown face up (a Karnöffel partner's) only once they hold a card.
  const m: TableModel = { ...full, buttons: full.buttons.filter((b) => b.action === step?.action), shown: full.shown.filter((h) => h.cards.length > 0) };

  // The other seats play their scripted moves, one at a time, unless words wait to be read.
  useEffect(() => {
    if (!started || note !== null || !step || step.seat === me) return;
    const t = setTimeout(() => advance(), MOVE_MS);
    return () => clearTimeout(t);
  }, [started, at, note]);
  const advance = () => {
    const s = steps[at];
    setWrong(null);
    setPointAt([]);
    setPicked([]);
    setAt(at + 1);
    if (s.after) setNote(s.after);
  };
  const act = (action: string) => {
    if (!mine || !step) return;
    if (action !== step.action) {
      setPicked([]);
      const card = full.hand.find((c) => c.action === step.action);
      const pickedCards = full.pick ? Object.entries(full.pick.actions).find(([, a]) => a === step.action)?.[0] : undefined;
      const labelOf = (code: string) => {
        const c = full.hand.find((h) => h.code === code);
        return c ? cardLabel(c.suit, c.rank, full.faces, lang, full.pack) : code;
      };
      // The move's cards: the one to play, or those to choose together (the pick's key lists them).
      const cards = card ? [card.code] : pickedCards !== undefined ? pickedCards.split(/[^A-Za-z0-9]+/).filter(Boolean) : [];
      const x = cards.length > 0 ? cards.map(labelOf).join(' + ') : (full.buttons.find((b) => b.action === step.action)?.label ?? step.action);
      // A move the rules forbid is explained by the rule, as at the table ("Nicht erlaubt: …"); an allowed one by the lesson.
      const parsed = legal.includes(action) ? undefined : game.parseAction(rules, action);
      const tried = parsed?.ok ? game.apply(state, me, parsed.value) : undefined;
      const rule = tried && !tried.ok ? refusal(lang, tried.error, { pack: full.pack, faces: full.faces }).text : null;
      setWrong(rule !== null ? `${rule} ${w(lang, 'wrongRule').replace('{x}', x)}` : w(lang, 'wrong').replace('{x}', x));
      setPointAt(cards);
      return;
    }
    advance();
  };

  // The trick just completed stays on the felt while its words are read.
  const before = at > 0 ? p.table(game.view(states[at - 1], me), [], lang, names) : null;
  const completed = before !== null && full.tricksDone > before.tricksDone && full.lastTrick !== null;
  const onFelt = completed && note !== null ? full.lastTrick!.cards : full.trick;
  const winner = completed && note !== null ? full.lastTrick!.winner : -1;

  const n = names.length;
  const angle = (seat: number) => (seatAngle(seat, me, n) * Math.PI) / 180;
  const atSeat = (seat: number) => ({ '--cx': Math.cos(angle(seat)).toFixed(3), '--cy': Math.sin(angle(seat)).toFixed(3) });
  const others = Array.from({ length: n - 1 }, (_, i) => (me + 1 + i) % n);
  const acting = started && note === null && step ? step.seat : -1;
  const seatBox = (seat: number) => (
    <div class={`seat${acting === seat ? ' turn' : ''}${seat === me ? ' mine' : ''}`} data-seat={seat}>
      <div class="name">{names[seat]}</div>
      <div class="note">{m.seatNotes[seat]}</div>
      {m.marks[seat].length > 0 && (
        <div class="marks">
          {m.marks[seat].map((x) => (
            <span class="mark" key={x}>
              {x}
            </span>
          ))}
        </div>
      )}
      {m.taken[seat] && <div class="taken">{m.taken[seat]}</div>}
      {(m.seatCards?.[seat]?.length ?? 0) > 0 && (
        <div class="seatcards">
          {m.seatCards![seat].map((c) => (
            <Card key={c.code} c={c} m={m} small />
          ))}
        </div>
      )}
    </div>
  );

  const coach = !started ? (
    <>
      <h2>{say(lesson.title, lang)}</h2>
      {lesson.intro.map((t, i) => (
        <p key={i}>{say(t, lang)}</p>
      ))}
      <div class="coach-go">
        <button class="primary big lesson-start" onClick={() => setStarted(true)}>
          {w(lang, 'start')}
        </button>
      </div>
    </>
  ) : note !== null ? (
    <>
      <p>{say(note, lang)}</p>
      <div class="coach-go">
        <button class="primary lesson-next" onClick={() => setNote(null)} ref={nextButton}>
          {w(lang, 'next')}
        </button>
      </div>
    </>
  ) : mine && step?.say ? (
    <>
      <p class="lesson-turn">
        <strong>{w(lang, 'yourMove')}:</strong> {say(step.say, lang)}
      </p>
      {wrong && (
        <p class="notice lesson-wrong" role="alert">
          {wrong}
        </p>
      )}
    </>
  ) : over ? (
    <>
      <h2>{w(lang, 'done')}</h2>
      {p.dealSummary(game.outcome(state), lang, names, view).map((l, i) => (
        <p key={`o${i}`} class="lesson-outcome">
          {l}
        </p>
      ))}
      {lesson.closing.map((t, i) => (
        <p key={i}>{say(t, lang)}</p>
      ))}
      <div class="row">
        <button
          onClick={() => {
            setAt(0);
            setNote(null);
            setStarted(false);
          }}
        >
          {w(lang, 'again')}
        </button>
        <button onClick={() => go(`/rules/${encodeURIComponent(lesson.game)}`)}>{w(lang, 'rules')}</button>
        <button class="primary" onClick={() => go('/')}>
          {w(lang, 'play')}
        </button>
      </div>
    </>
  ) : (
    <p class="muted">{names[acting] ?? ''} …</p>
  );

  return (
    <main class="table lesson" data-step={at} data-over={over ? 'true' : 'false'} lang={lang}>
      <h1 class="sr-only">{say(lesson.title, lang)}</h1>
      {/* The headline and the ring: in the page's column, or on the left of a phone held sideways (style.css). */}
      <div class="board">
      <div class="headline">
        <div>
          {say(lesson.title, lang)} · {w(lang, 'step')} {at}/{steps.length}
        </div>
        {m.headline.map((l, i) => (
          <div key={i}>{l}</div>
        ))}
      </div>
      <div class={`ring${ringCrowded(n) ? ' crowd' : ''}`} style={{ '--n': String(n) }}>
        {others.map((seat) => (
          <div class={`place${seatAcross(seat, me, n) ? ' across' : ''}`} key={seat} style={atSeat(seat)}>
            {seatBox(seat)}
          </div>
        ))}
        <div class="felt">
          {onFelt.map((c) => (
            <figure class={`played${c.seat === winner ? ' win' : ''}`} key={`${c.seat}-${c.code}`} data-card={c.code} data-seat={c.seat} style={atSeat(c.seat)}>
              <Card c={c} m={m} />
            </figure>
          ))}
        </div>
      </div>
      </div>
      <section class={`coach${over ? ' closing' : ''}`} aria-live="polite" aria-label={say(lesson.title, lang)}>
        {coach}
      </section>
      <ShownRow m={m} />
      {mine && m.pick && (
        <div class="buttons">
          <button
            class="action confirm"
            disabled={m.pick.actions[pickKey(picked)] === undefined}
            onClick={() => {
              const action = m.pick?.actions[pickKey(picked)];
              if (action) act(action);
            }}
          >
            {m.pick.confirm} ({picked.length}/{m.pick.count})
          </button>
        </div>
      )}
      {mine && m.buttons.length > 0 && (
        <div class="buttons">
          {m.buttons.map((b) => (
            <button key={b.action} class="action" data-action={b.action} onClick={() => act(b.action)}>
              {b.label}
            </button>
          ))}
        </div>
      )}
      <Hand
        cards={m.hand}
        m={m}
        lang={lang}
        myTurn={mine}
        pending={false}
        onPlay={act}
        picked={mine && m.pick ? picked : null}
        onPick={(code) => setPicked((p) => (p.includes(code) ? p.filter((x) => x !== code) : p.length < (m.pick?.count ?? 0) ? [...p, code] : p))}
        pointAt={pointAt}
      />
      <div class="mine-line">{seatBox(me)}</div>
    </main>
  );
}
