import { useEffect, useState } from 'preact/hooks';
import type { Lang } from '../../games/present.js';
import type { ChoiceValue, DealAnalysis, DecisionAnalysis, Grade, RecordAnalysis } from '../../search/analysis.js';
import { takenIsBest } from '../../search/analysisText.js';
import { hasStandings, Standings } from './standings.js';
import { formatValue } from './values.js';

/**
 * The analysis of a record in the record viewer (issue 22): fetched from
 * `GET /api/records/:id/analysis` (asked again after Retry-After while the
 * server answers 202, or 429/503 while it computes others), then shown beside the current step (its cost, grade
 * and the best alternative), as a graph of the declaring side's expected
 * result after each trick (of every player's card points in a Ramsch:
 * standings.tsx), a summary per player, and why the two valuations can
 * differ.
 */
export type AnalysisState =
  | { readonly state: 'off' }
  | { readonly state: 'computing'; readonly seconds: number }
  | { readonly state: 'ready'; readonly analysis: RecordAnalysis }
  | { readonly state: 'failed'; readonly message: string };

/** Asks for the analysis once `asked` is above 0 (each press asks again after a failure); polls while it is computed. */
export function useAnalysis(id: string, asked: number): AnalysisState {
  const [s, setS] = useState<AnalysisState>({ state: 'off' });
  useEffect(() => {
    if (asked === 0) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      try {
        const res = await fetch(`/api/records/${encodeURIComponent(id)}/analysis`, { credentials: 'same-origin' });
        const body = (await res.json().catch(() => null)) as (RecordAnalysis & { seconds?: number; error?: { message: string } }) | null;
        if (stopped) return;
        if (res.status === 200 && body) setS({ state: 'ready', analysis: body });
        // 202: being computed; 429/503: the server computes as many as it takes at once (docs/security.md): wait and ask again.
        else if (res.status === 202 || ((res.status === 429 || res.status === 503) && res.headers.has('retry-after'))) {
          setS({ state: 'computing', seconds: body?.seconds ?? 0 });
          const after = Number(res.headers.get('retry-after'));
          timer = setTimeout(() => void ask(), Math.min(10, Math.max(1, Number.isFinite(after) ? after : 2)) * 1000);
        } else setS({ state: 'failed', message: body?.error?.message ?? String(res.status) });
      } catch (e) {
        if (!stopped) setS({ state: 'failed', message: e instanceof Error ? e.message : String(e) });
      }
    };
    setS((old) => (old.state === 'ready' ? old : { state: 'computing', seconds: 0 }));
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [id, asked]);
  return s;
}

const W = {
  analysis: ['Analyse', 'Analysis'],
  computing: ['Die Analyse wird berechnet…', 'The analysis is being computed…'],
  failed: ['Keine Analyse:', 'No analysis:'],
  cost: ['Kosten', 'Cost'],
  allKnown: ['alle Karten bekannt', 'all cards known'],
  ownView: ['aus Sicht des Spielers', "from the player's view"],
  best: ['Beste Wahl', 'Best choice'],
  bestTaken: ['beste Wahl getroffen', 'best choice made'],
  better: ['Besser', 'Better'],
  choice: ['Wahl', 'Choice'],
  noChoice: ['Hier gab es nichts zu wählen.', 'There was no choice here.'],
  start: ['Geh einen Schritt vor: zu jeder Entscheidung steht hier, was sie gekostet hat.', 'Step forward: for each decision this says what it cost.'],
  unsolved: ['Nicht bewertet: zu schwer für den Löser.', 'Not valued: too hard for the solver.'],
  stake: [
    'Beim Steigern zählen die Punkte der eigenen Seite abzüglich der gegnerischen, aus der Gewinnchance im Ausspielen der Karten: wer ablehnt, gibt den Wert vor der Steigerung ab.',
    "For raising, the values are the side's points less the other side's, from its chance of winning the card play: a refusal gives away the value before the raise.",
  ],
  margin: [
    'Alle Werte: Punkte der eigenen Seite abzüglich der gegnerischen. Es punkten nur die Gewinner; ein verlorenes Spiel zählt also, was die anderen bekommen.',
    "Every value is the side's points less the other side's. Only the winners score, so a game lost counts what the others get.",
  ],
  curve: ['Erwartetes Ergebnis nach jedem Stich', 'Expected result after each trick'],
  curveOf: ['für', 'for'],
  noCurve: ['Dieses Spiel hat keine Spielerpartei (etwa ein Ramsch) oder endete vor dem ersten Stich (etwa ein abgelehntes Karnöffel-Gebot): keine Kurve.', 'This deal has no declaring side (a Ramsch, say) or ended before its first trick (a refused Karnöffel raise, say): no graph.'],
  trick: ['Stich', 'Trick'],
  summary: ['Zusammenfassung dieses Spiels', 'Summary of this deal'],
  player: ['Spieler', 'Player'],
  decisions: ['Entsch.', 'Decisions'],
  lost: ['Verlust', 'Lost'],
  worst: ['Teuerste', 'Costliest'],
  costly: ['Teure Entscheidungen', 'Costly decisions'],
  noCostly: ['Keine teure Entscheidung in diesem Spiel.', 'No costly decision in this deal.'],
  why: ['Warum zwei Werte?', 'Why two values?'],
  whyText: [
    '„Alle Karten bekannt“ ist der Wert, den ein Löser errechnet, der jedes Blatt sieht und alle Spieler bestmöglich weiterspielen lässt. „Aus Sicht des Spielers“ ist, was der starke Bot im Mittel erwartet, wenn er nur kennt, was dieser Spieler in dem Moment wusste: die eigenen Karten, die Ansagen und die gespielten Karten; die unbekannten Karten verteilt er auf viele mögliche Weisen. Die Werte weichen ab, wenn es darauf ankommt, wo die unbekannten Karten liegen: Ein Zug kann mit offenen Karten der beste sein und trotzdem aus Sicht des Spielers ein Wagnis, und ein vernünftiger Zug kann an einer ungünstig sitzenden Karte scheitern. Deshalb wird jede Entscheidung nach der Sicht des Spielers beurteilt, wo es sie gibt – niemand muss fremde Karten kennen.',
    '"All cards known" is the value a solver computes that sees every hand and lets every player play on perfectly. "From the player\'s view" is what the strong bot expects on average when it knows only what that player knew at that moment: their own cards, the bids and the cards played; the unknown cards it deals out in many possible ways. The two differ when it matters where the unknown cards lie: a move can be best with all cards open and still a gamble from the player\'s view, and a sensible move can fail against a card that happens to sit badly. So each decision is judged from the player\'s view where there is one: nobody is expected to see the others\' cards.',
  ],
  inaccuracy: ['Ungenauigkeit', 'Inaccuracy'],
  mistake: ['Fehler', 'Mistake'],
  blunder: ['Patzer', 'Blunder'],
} as const;

export function aw(lang: Lang, w: keyof typeof W): string {
  return W[w][lang === 'de' ? 0 : 1];
}

const MARK: Record<Grade, string> = { inaccuracy: '?!', mistake: '?', blunder: '??' };

/** The unit in words: "Cent", "game points". */
function unitWords(unit: RecordAnalysis['unit'], lang: Lang): string {
  if (lang === 'en') return unit.name;
  return unit.symbol === 'ct' ? 'Cent' : unit.symbol === 'GP' ? 'Spielpunkte' : 'Punkte';
}

export function GradeMark({ grade, lang }: { grade: Grade; lang: Lang }) {
  return (
    <span class={`grade ${grade}`}>
      {MARK[grade]} {aw(lang, grade)}
    </span>
  );
}

/** What the viewer tells the panel: the names, and an action of step `index` (from 1) in words. */
export interface AnalysisWords {
  readonly names: readonly string[];
  words(index: number, action: string): string;
}

/** The decision of the current step: its cost and grade, the best alternative, and every choice valued both ways. */
export function StepAnalysis({ a, deal, at, lang, w }: { a: RecordAnalysis; deal: DealAnalysis; at: number; lang: Lang; w: AnalysisWords }) {
  if (at === 0) return <p class="step-analysis muted small">{aw(lang, 'start')}</p>;
  const d = deal.decisions.find((x) => x.index === at);
  if (!d) return <p class="step-analysis muted small" data-index={at}>{aw(lang, 'noChoice')}</p>;
  const v = (x: number) => formatValue(x, a.unit, lang);
  const choices = new Map<string, { solver?: number; estimate?: number }>();
  for (const c of d.solver ?? []) choices.set(c.action, { solver: c.value });
  for (const c of d.estimate ?? []) choices.set(c.action, { ...choices.get(c.action), estimate: c.value });
  const order = [...choices.keys()].sort((x, y) => (choices.get(y)!.estimate ?? choices.get(y)!.solver ?? 0) - (choices.get(x)!.estimate ?? choices.get(x)!.solver ?? 0));
  const best = (list: readonly ChoiceValue[] | undefined, label: 'allKnown' | 'ownView') =>
    list && list.length > 0 ? (
      <li>
        {takenIsBest(list, d.action, v) ? (
          <span class="good">✓ {aw(lang, 'bestTaken')}</span>
        ) : (
          <>
            {aw(lang, 'better')}: <strong>{w.words(d.index, list[0].action)}</strong> ({v(list[0].value)})
          </>
        )}{' '}
        <span class="muted small">– {aw(lang, label)}</span>
      </li>
    ) : null;
  return (
    <section class="step-analysis" data-index={d.index} aria-live="polite">
      <div class="verdict">
        {d.grade && <GradeMark grade={d.grade} lang={lang} />}
        {d.estimateCost !== undefined && (
          <span class="cost" data-view="own">
            {aw(lang, 'cost')}: {formatValue(d.estimateCost, a.unit, lang, false)} <span class="muted small">({aw(lang, 'ownView')})</span>
          </span>
        )}
        {d.cost !== undefined && (
          <span class="cost" data-view="all">
            {aw(lang, 'cost')}: {formatValue(d.cost, a.unit, lang, false)}
            {d.unsolved ? '+' : ''} <span class="muted small">({aw(lang, 'allKnown')})</span>
          </span>
        )}
        {d.cost === undefined && d.estimateCost === undefined && <span class="muted small">{aw(lang, 'unsolved')}</span>}
      </div>
      {d.stake && <p class="muted small stake-note">{aw(lang, 'stake')}</p>}
      <ul class="best">
        {best(d.estimate, 'ownView')}
        {best(d.solver, 'allKnown')}
      </ul>
      {order.length > 0 && (
        <table class="choices">
          <thead>
            <tr>
              <th scope="col">{aw(lang, 'choice')}</th>
              <th scope="col" class="num">{aw(lang, 'ownView')}</th>
              <th scope="col" class="num">{aw(lang, 'allKnown')}</th>
            </tr>
          </thead>
          <tbody>
            {order.map((c) => (
              <tr key={c} class={c === d.action ? 'taken' : ''}>
                <td>{w.words(d.index, c)}</td>
                <td class="num">{choices.get(c)!.estimate === undefined ? '–' : v(choices.get(c)!.estimate!)}</td>
                <td class="num">{choices.get(c)!.solver === undefined ? '–' : v(choices.get(c)!.solver!)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The declaring side's expected result (all cards known) after each trick, as a line; `now` marks the tricks done at the current step. */
export function Curve({ a, deal, now, lang, names }: { a: RecordAnalysis; deal: DealAnalysis; now: number; lang: Lang; names: readonly string[] }) {
  const side = deal.declarers;
  if (!side || side.curve.length === 0) return <p class="curve-none muted small">{aw(lang, 'noCurve')}</p>;
  const width = 320;
  const height = 130;
  const pad = { left: 54, right: 10, top: 10, bottom: 22 };
  const points = side.curve;
  const last = Math.max(1, points[points.length - 1].trick);
  const values = points.flatMap((p) => (p.value === null ? [] : [p.value]));
  // A flat line at 0 is drawn in the middle, between +1 and −1.
  const flat = values.every((v) => v === 0);
  const top = flat ? 1 : Math.max(0, ...values);
  const bottom = flat ? -1 : Math.min(0, ...values);
  const span = top - bottom;
  const x = (t: number) => pad.left + (t / last) * (width - pad.left - pad.right);
  const y = (v: number) => pad.top + ((top - v) / span) * (height - pad.top - pad.bottom);
  let d = '';
  let open = false;
  for (const p of points) {
    if (p.value === null) {
      open = false;
      continue;
    }
    d += `${open ? 'L' : 'M'}${x(p.trick).toFixed(1)} ${y(p.value).toFixed(1)} `;
    open = true;
  }
  // The point marked as now (as its dot is).
  const at = points.find((p) => p.trick === now);
  const nowPoint = at && at.value !== null ? { trick: at.trick, value: at.value } : undefined;
  const who = side.seats.map((s) => names[s]).join(', ');
  const title = `${aw(lang, 'curve')} ${aw(lang, 'curveOf')} ${who} (${aw(lang, 'allKnown')}, ${unitWords(a.unit, lang)})`;
  return (
    <figure class="curve">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={title}>
        <title>{title}</title>
        <line class="zero" x1={pad.left} x2={width - pad.right} y1={y(0)} y2={y(0)} />
        <line class="now" x1={x(Math.min(now, last))} x2={x(Math.min(now, last))} y1={pad.top} y2={height - pad.bottom} />
        <path class="line" d={d.trim()} />
        {points.map((p) =>
          p.value === null ? null : (
            <circle key={p.trick} class={p.trick === now ? 'dot now' : 'dot'} cx={x(p.trick)} cy={y(p.value)} r={p.trick === now ? 4 : 2.5}>
              <title>{`${aw(lang, 'trick')} ${p.trick}: ${formatValue(p.value, a.unit, lang)}`}</title>
            </circle>
          ),
        )}
        {nowPoint && (
          // The value after the trick of the current step, above its dot (below it at the top), since the axis names only the highest and the lowest.
          <text class="now-value" x={x(nowPoint.trick)} y={y(nowPoint.value) - 7 < pad.top + 9 ? y(nowPoint.value) + 15 : y(nowPoint.value) - 7} text-anchor={nowPoint.trick === 0 ? 'start' : nowPoint.trick === last ? 'end' : 'middle'}>
            {formatValue(nowPoint.value, a.unit, lang)}
          </text>
        )}
        <text x={pad.left - 4} y={pad.top + 4} text-anchor="end">{formatValue(top, a.unit, lang)}</text>
        <text x={pad.left - 4} y={height - pad.bottom} text-anchor="end">{formatValue(bottom, a.unit, lang)}</text>
        {points.map((p) => (
          <text key={p.trick} x={x(p.trick)} y={height - 6} text-anchor="middle" class="tick">
            {p.trick}
          </text>
        ))}
      </svg>
      <figcaption class="small">{title}</figcaption>
    </figure>
  );
}

/** Each player's decisions, graded ones and what they cost in this deal, with a jump to the costliest. */
export function SeatTable({ a, deal, lang, names, go }: { a: RecordAnalysis; deal: DealAnalysis; lang: Lang; names: readonly string[]; go: (index: number) => void }) {
  const cost = (x: number | undefined) => (x === undefined ? '–' : formatValue(x, a.unit, lang, false));
  return (
    <div class="seat-summary-wrap">
      <table class="seat-summary">
        <caption>{aw(lang, 'summary')}</caption>
        <thead>
          <tr>
            <th scope="col">{aw(lang, 'player')}</th>
            <th scope="col" class="num">{aw(lang, 'decisions')}</th>
            <th scope="col" class="num" title={`${aw(lang, 'inaccuracy')} · ${aw(lang, 'mistake')} · ${aw(lang, 'blunder')}`}>
              ?! · ? · ??
            </th>
            <th scope="col" class="num" title={`${aw(lang, 'ownView')} / ${aw(lang, 'allKnown')}`}>
              {aw(lang, 'lost')}
            </th>
            <th scope="col">{aw(lang, 'worst')}</th>
          </tr>
        </thead>
        <tbody>
          {deal.seats.map((s) => (
            <tr key={s.seat} data-seat={s.seat}>
              <td>{names[s.seat]}</td>
              <td class="num">{s.decisions}</td>
              <td class="num">
                {s.inaccuracies} · {s.mistakes} · {s.blunders}
              </td>
              <td class="num lost">
                {cost(s.estimateCost)} / {cost(s.cost)}
              </td>
              <td>
                {s.worst !== undefined && (
                  <button class="link jump" onClick={() => go(s.worst!)}>
                    #{s.worst}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p class="muted small">
        {aw(lang, 'lost')}: {aw(lang, 'ownView')} / {aw(lang, 'allKnown')}
      </p>
      {a.unit.margin && <p class="muted small margin-note">{aw(lang, 'margin')}</p>}
    </div>
  );
}

/** The graded decisions of the deal in order, each a jump to its step. */
export function CostlyList({ a, deal, lang, w, go }: { a: RecordAnalysis; deal: DealAnalysis; lang: Lang; w: AnalysisWords; go: (index: number) => void }) {
  const graded = deal.decisions.filter((d): d is DecisionAnalysis & { grade: Grade } => d.grade !== undefined);
  return (
    <div class="costly">
      <h3>{aw(lang, 'costly')}</h3>
      {graded.length === 0 ? (
        <p class="muted small">{aw(lang, 'noCostly')}</p>
      ) : (
        <ol>
          {graded.map((d) => (
            <li key={d.index}>
              <button class="link jump" data-index={d.index} onClick={() => go(d.index)}>
                {d.trick > 0 ? `${aw(lang, 'trick')} ${d.trick} · ` : ''}
                {w.names[d.seat]}: {w.words(d.index, d.action)} <span class={`grade ${d.grade}`}>{MARK[d.grade]}</span> {formatValue(-(d.estimateCost ?? d.cost ?? 0), a.unit, lang)}
              </button>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** The parts below the table: the graph, the costly decisions, the summary and why there are two values. */
export function DealAnalysisPanel({ a, deal, now, lang, w, go }: { a: RecordAnalysis; deal: DealAnalysis; now: number; lang: Lang; w: AnalysisWords; go: (index: number) => void }) {
  return (
    <section class="analysis">
      <h2>{aw(lang, 'analysis')}</h2>
      {hasStandings(deal) ? <Standings deal={deal} now={now} lang={lang} names={w.names} /> : <Curve a={a} deal={deal} now={now} lang={lang} names={w.names} />}
      <CostlyList a={a} deal={deal} lang={lang} w={w} go={go} />
      <SeatTable a={a} deal={deal} lang={lang} names={w.names} go={go} />
      <details class="why" open>
        <summary>{aw(lang, 'why')}</summary>
        <p>{aw(lang, 'whyText')}</p>
      </details>
    </section>
  );
}
