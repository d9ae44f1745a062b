import { useEffect, useMemo, useState } from 'preact/hooks';
import { parseCards } from '../../cards/notation.js';
import type { TableModel } from '../../games/present.js';
import { presentationOf } from '../../games/presentations.js';
import { resolveRules } from '../../games/ruleBook.js';
import { replayGame } from '../../games/replays.js';
import { Card } from './cardFace.js';
import type { Lang } from '../../games/present.js';
import { tr } from './i18n.js';
import { distinctNames } from './seatNames.js';
import { Link } from './rules.js';
import { api } from './net.js';
import { ScoreSheet } from './sheet.js';
import { actionWords } from './actionWords.js';
import { aw, DealAnalysisPanel, StepAnalysis, useAnalysis, type AnalysisWords } from './analysis.js';

interface RecordFile {
  game: string;
  rules: Record<string, unknown> & { preset?: string };
  players: string[];
  deals: { dealer: number; carry: unknown; deck: string[]; actions: [number, string][]; outcome: unknown }[];
  /** Version 4: the hints taken (an unrated table's Tipp), before action `action` (from 0) of deal `deal` (from 0). */
  hints?: { deal: number; action: number; seat: number }[];
}

/**
 * The record viewer: a finished sitting replayed client-side, deal by deal, trick by trick or action by action, from any
 * seat or all cards open. Open to anyone with the link (`visitor`: no name chosen yet), who is offered a seat of his own.
 */
export function RecordScreen({ lang, id, go, visitor = false }: { lang: Lang; id: string; go(path: string): void; visitor?: boolean }) {
  const [rec, setRec] = useState<RecordFile | null>(null);
  const [error, setError] = useState('');
  const [deal, setDeal] = useState(0);
  const [step, setStep] = useState(0);
  const [seat, setSeat] = useState(-2);
  // The analysis: asked for by the Analyse button, or at once when the link said so (`?analyse`).
  const [asked, setAsked] = useState(() => (new URLSearchParams(location.search).has('analyse') ? 1 : 0));
  const [shown, setShown] = useState(asked > 0);
  const analysis = useAnalysis(id, asked);
  useEffect(() => {
    void api<RecordFile & { error?: { message: string } }>('GET', `/api/records/${id}`).then((r) => (r.ok ? setRec(r.body) : setError(r.body?.error?.message ?? String(r.status))));
  }, [id]);
  // Every state of the deal, from the deal to the last action.
  const [states, problem] = useMemo((): [unknown[], string] => {
    if (!rec) return [[], ''];
    const game = replayGame(rec.game);
    const d = rec.deals[deal];
    if (!game || !d) return [[], `unknown game ${rec.game}`];
    const { preset, ...rest } = rec.rules;
    const rules = resolveRules(game.ruleBook, preset, rest);
    if (!rules.ok) return [[], rules.error.message];
    const deck = parseCards(game.pack(rules.value), d.deck);
    if (!deck.ok) return [[], deck.error.message];
    const first = game.setup(rules.value, { dealer: d.dealer, deck: deck.value, carry: d.carry as never });
    if (!first.ok) return [[], first.error.message];
    const out = [first.value];
    for (const [s, text] of d.actions) {
      const a = game.parseAction(rules.value, text);
      if (!a.ok) return [out, a.error.message];
      const next = game.apply(out[out.length - 1], s, a.value);
      if (!next.ok) return [out, next.error.message];
      out.push(next.value);
    }
    return [out, ''];
  }, [rec, deal]);
  // The table's rules as the game resolves them: the summary and the Spielzettel word some results by them.
  const rules = useMemo(() => {
    const game = rec && replayGame(rec.game);
    if (!rec || !game) return undefined;
    const { preset, ...rest } = rec.rules;
    const r = resolveRules(game.ruleBook, preset, rest);
    return r.ok ? r.value : undefined;
  }, [rec]);
  // Arrow keys: ← → a step, ↑ ↓ a trick.
  useEffect(() => {
    const key = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement;
      if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
      const press = { ArrowLeft: 'back', ArrowRight: 'forward', ArrowUp: 'prevTrick', ArrowDown: 'nextTrick' }[e.key];
      if (!press) return;
      e.preventDefault();
      document.querySelector<HTMLButtonElement>(`main.record button[data-go=${press}]`)?.click();
    };
    addEventListener('keydown', key);
    return () => removeEventListener('keydown', key);
  }, []);
  if (error) return <main class="center error">{error}</main>;
  if (!rec) return <main class="center muted">{tr(lang, 'loading')}</main>;
  const game = replayGame(rec.game)!;
  const p = presentationOf(rec.game);
  const at = Math.min(step, Math.max(0, states.length - 1));
  const state = states[at];
  const names = distinctNames(rec.players);
  const models: TableModel[] = state ? rec.players.map((_, s) => p.table(game.view(state, s), [], lang, names)) : [];
  const shownSeat = seat >= 0 ? seat : 0;
  const m = models[shownSeat];
  const done = (i: number) => (states[i] ? p.table(game.view(states[i], shownSeat), [], lang, names).tricksDone : 0);
  // "Next trick" lands on the card that completes a trick, so that the whole trick is seen before it is cleared.
  const nextTrick = () => {
    const now = done(at);
    let i = at + 1;
    while (i < states.length - 1 && done(i) === now) i++;
    setStep(Math.min(i, states.length - 1));
  };
  const prevTrick = () => {
    let i = at - 1;
    while (i > 0 && done(i) === done(i - 1)) i--;
    setStep(Math.max(0, i));
  };
  // Past a deal's last step the keys and buttons go on into the next deal, and back from its first step into the
  // previous one's end (play-test: → and ↓ stopped dead at the end of deal 1 of 11; only "Spiel +" went on).
  const lastDeal = deal >= rec.deals.length - 1;
  const atEnd = at >= states.length - 1;
  const toDeal = (d: number, s: number) => (setDeal(d), setStep(s));
  const forward = () => (atEnd ? toDeal(deal + 1, 0) : setStep(at + 1));
  const back = () => (at === 0 ? toDeal(deal - 1, Number.MAX_SAFE_INTEGER) : setStep(at - 1));
  // The trick on the table: at the step that completed a trick, the complete trick (its winner marked).
  const completed = at > 0 && m !== undefined && m.trick.length === 0 && m.lastTrick !== null && m.tricksDone > done(at - 1);
  const onFelt = completed ? m!.lastTrick!.cards : (m?.trick ?? []);
  // The action of this step in words: bids, Klopfen, Stoß and every card.
  const action = at > 0 ? rec.deals[deal].actions[at - 1] : undefined;
  const dealAnalysis = analysis.state === 'ready' ? analysis.analysis.deals.find((x) => x.deal === deal + 1) : undefined;
  const analysisWords: AnalysisWords = {
    names,
    words: (index, text) => {
      const before = states[index - 1];
      const who = rec.deals[deal].actions[index - 1]?.[0];
      return before && who !== undefined ? actionWords(p.table(game.view(before, who), [text], lang, names), text, lang) : text;
    },
  };
  const hinted = action !== undefined && (rec.hints ?? []).some((h) => h.deal === deal && h.action === at - 1 && h.seat === action[0]);
  const said = action && states[at - 1] ? `${names[action[0]]}: ${actionWords(p.table(game.view(states[at - 1], action[0]), [action[1]], lang, names), action[1], lang)}` : '';
  return (
    <main class="table record">
      <h1 class="sr-only">
        {tr(lang, 'record')}: {game.title}
      </h1>
      <div class="headline">
        <div>
          {tr(lang, 'record')} · {game.title} · {names.join(', ')}
        </div>
        <div>
          {lang === 'de' ? 'Spiel' : 'Deal'} {deal + 1}/{rec.deals.length} · {at}/{states.length - 1}
        </div>
      </div>
      <div class="row controls">
        <button aria-label={lang === 'de' ? 'Voriges Spiel' : 'Previous deal'} disabled={deal === 0} onClick={() => (setDeal(deal - 1), setStep(0))}>{lang === 'de' ? '− Spiel' : '− deal'}</button>
        <button aria-label={lang === 'de' ? 'Voriger Stich' : 'Previous trick'} data-go="prevTrick" disabled={at === 0 && deal === 0} onClick={() => (at === 0 ? back() : prevTrick())}>«</button>
        <button aria-label={lang === 'de' ? 'Schritt zurück' : 'Step back'} data-go="back" disabled={at === 0 && deal === 0} onClick={back}>‹</button>
        <button aria-label={lang === 'de' ? 'Schritt vor' : 'Step forward'} data-go="forward" disabled={atEnd && lastDeal} onClick={forward}>›</button>
        <button class="primary" aria-label={lang === 'de' ? 'Nächster Stich' : 'Next trick'} data-go="nextTrick" disabled={atEnd && lastDeal} onClick={() => (atEnd ? forward() : nextTrick())}>»</button>
        <button aria-label={lang === 'de' ? 'Nächstes Spiel' : 'Next deal'} disabled={deal >= rec.deals.length - 1} onClick={() => (setDeal(deal + 1), setStep(0))}>{lang === 'de' ? 'Spiel +' : 'deal +'}</button>
        <button
          class={`analyse${shown ? ' on' : ''}`}
          aria-pressed={shown}
          onClick={() => {
            // Pressed again it hides the analysis; after a failure it asks again.
            if (shown && analysis.state !== 'failed') return setShown(false);
            setShown(true);
            if (analysis.state === 'off' || analysis.state === 'failed') setAsked((n) => n + 1);
          }}
        >
          {aw(lang, 'analysis')}
        </button>
        <select aria-label={lang === 'de' ? 'Sicht' : 'View'} value={String(seat)} onChange={(e) => setSeat(Number((e.target as HTMLSelectElement).value))}>
          <option value="-2">{lang === 'de' ? 'Alle Karten offen' : 'All cards open'}</option>
          {names.map((n, s) => (
            <option key={s} value={String(s)}>
              {n}
            </option>
          ))}
        </select>
      </div>
      {problem && <p class="notice">{problem}</p>}
      {m && (
        <>
          <div class="headline">
            {m.headline.map((l, i) => (
              <div key={i}>{l}</div>
            ))}
          </div>
          {said && (
            <p class="said" aria-live="polite">
              {said}
              {hinted && (
                <span class="tag hint-taken" title={lang === 'de' ? 'Vor dieser Entscheidung wurde ein Tipp des starken Bots angesehen' : "The strong bot's hint was looked at before this decision"}>
                  {lang === 'de' ? 'Tipp genommen' : 'hint taken'}
                </span>
              )}
            </p>
          )}
          {shown && analysis.state === 'computing' && (
            <p class="analysis-status muted" role="status">
              {aw(lang, 'computing')} {analysis.seconds > 0 ? `${analysis.seconds} s` : ''}
            </p>
          )}
          {shown && analysis.state === 'failed' && (
            <p class="analysis-status notice" role="alert">
              {aw(lang, 'failed')} {analysis.message}
            </p>
          )}
          {shown && analysis.state === 'ready' && dealAnalysis && <StepAnalysis a={analysis.analysis} deal={dealAnalysis} at={at} lang={lang} w={analysisWords} />}
          <div class="felt flat">
            {onFelt.length === 0 && m.tricksDone === 0 && <span class="empty">{lang === 'de' ? 'Noch keine Karte gespielt' : 'No card played yet'}</span>}
            {onFelt.map((c) => (
              <figure class={`played${completed && c.seat === m.lastTrick!.winner ? ' win' : ''}`} key={`${c.seat}-${c.code}`} data-card={c.code}>
                <Card c={c} m={m} />
                <figcaption>{names[c.seat]}</figcaption>
              </figure>
            ))}
          </div>
          {/* A hand with no card (the deal played out, or Karnöffel's cards not yet dealt) is left out: a name over nothing. */}
          {(seat >= 0 ? [seat] : names.map((_, s) => s)).filter((s) => models[s].hand.length > 0).map((s) => (
            <div class="shown" key={s} data-seat={s}>
              <span class="muted small">{names[s]}</span>
              <div class="cards">
                {models[s].hand.map((c) => (
                  <Card key={c.code} c={c} m={m} small />
                ))}
              </div>
            </div>
          ))}
          {at === states.length - 1 && (
            <div class="score">
              {p.dealSummary(rec.deals[deal].outcome, lang, names, game.view(states[at], shownSeat), rules).map((l, i) => (
                <div key={i}>{l}</div>
              ))}
            </div>
          )}
          {shown && analysis.state === 'ready' && dealAnalysis && (
            <DealAnalysisPanel a={analysis.analysis} deal={dealAnalysis} now={done(at)} lang={lang} w={analysisWords} go={(i) => setStep(i)} />
          )}
          <details class="zettel">
            <summary>{tr(lang, 'sheet')}</summary>
            <ScoreSheet table={p.scoreSheet(rec.deals.map((d) => d.outcome), lang, names, rules)} lang={lang} />
          </details>
        </>
      )}
      {visitor && (
        <p class="visitor">
          {tr(lang, 'recordVisitor')}{' '}
          <Link class="button" href="/" go={go}>
            {tr(lang, 'recordVisitorPlay')}
          </Link>
        </p>
      )}
    </main>
  );
}
