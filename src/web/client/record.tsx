import { useEffect, useMemo, useState } from 'preact/hooks';
import { parseCards } from '../../cards/notation.js';
import type { TableModel } from '../../games/present.js';
import { presentationOf } from '../../games/presentations.js';
import { resolveRules } from '../../games/ruleBook.js';
import { replayGame } from '../../games/replays.js';
import type { Ctx } from './app.js';
import { Card } from './table.js';
import { tr } from './i18n.js';
import { api } from './net.js';

interface RecordFile {
  game: string;
  rules: Record<string, unknown> & { preset?: string };
  players: string[];
  deals: { dealer: number; carry: unknown; deck: string[]; actions: [number, string][]; outcome: unknown }[];
}

/** The record viewer: a finished sitting replayed client-side, deal by deal, trick by trick or action by action, from any seat or all cards open. */
export function RecordScreen({ ctx, id }: { ctx: Ctx; id: string }) {
  const { lang } = ctx;
  const [rec, setRec] = useState<RecordFile | null>(null);
  const [error, setError] = useState('');
  const [deal, setDeal] = useState(0);
  const [step, setStep] = useState(0);
  const [seat, setSeat] = useState(-2);
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
  if (error) return <main class="center error">{error}</main>;
  if (!rec) return <main class="center muted">{tr(lang, 'loading')}</main>;
  const game = replayGame(rec.game)!;
  const p = presentationOf(rec.game);
  const at = Math.min(step, Math.max(0, states.length - 1));
  const state = states[at];
  const names = rec.players;
  const models: TableModel[] = state ? rec.players.map((_, s) => p.table(game.view(state, s), [], lang, names)) : [];
  const shownSeat = seat >= 0 ? seat : 0;
  const m = models[shownSeat];
  const done = (i: number) => (states[i] ? p.table(game.view(states[i], shownSeat), [], lang, names).tricksDone : 0);
  const nextTrick = () => {
    const now = done(at);
    let i = at + 1;
    while (i < states.length - 1 && done(i) === now) i++;
    setStep(i);
  };
  const prevTrick = () => {
    const now = done(at);
    let i = at - 1;
    while (i > 0 && done(i - 1) >= now) i--;
    setStep(Math.max(0, i));
  };
  return (
    <main class="table record">
      <div class="headline">
        <div>
          {tr(lang, 'record')} · {rec.game} · {names.join(', ')}
        </div>
        <div>
          {lang === 'de' ? 'Spiel' : 'Deal'} {deal + 1}/{rec.deals.length} · {at}/{states.length - 1}
        </div>
      </div>
      <div class="row controls">
        <button aria-label={lang === 'de' ? 'Voriges Spiel' : 'Previous deal'} disabled={deal === 0} onClick={() => (setDeal(deal - 1), setStep(0))}>{lang === 'de' ? '− Spiel' : '− deal'}</button>
        <button aria-label={lang === 'de' ? 'Voriger Stich' : 'Previous trick'} onClick={prevTrick}>«</button>
        <button aria-label={lang === 'de' ? 'Schritt zurück' : 'Step back'} onClick={() => setStep(Math.max(0, at - 1))}>‹</button>
        <button aria-label={lang === 'de' ? 'Schritt vor' : 'Step forward'} onClick={() => setStep(Math.min(states.length - 1, at + 1))}>›</button>
        <button class="primary" aria-label={lang === 'de' ? 'Nächster Stich' : 'Next trick'} onClick={nextTrick}>»</button>
        <button aria-label={lang === 'de' ? 'Nächstes Spiel' : 'Next deal'} disabled={deal >= rec.deals.length - 1} onClick={() => (setDeal(deal + 1), setStep(0))}>{lang === 'de' ? 'Spiel +' : 'deal +'}</button>
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
          <div class="felt">
            {m.trick.map((c) => (
              <figure class="played" key={`${c.seat}-${c.code}`}>
                <Card c={c} m={m} />
                <figcaption>{names[c.seat]}</figcaption>
              </figure>
            ))}
          </div>
          {(seat >= 0 ? [seat] : names.map((_, s) => s)).map((s) => (
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
              {p.dealSummary(rec.deals[deal].outcome, lang, names).map((l, i) => (
                <div key={i}>{l}</div>
              ))}
            </div>
          )}
        </>
      )}
    </main>
  );
}
