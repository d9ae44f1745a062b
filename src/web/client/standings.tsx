import type { Lang } from '../../games/present.js';
import type { DealAnalysis, StandingsPoint } from '../../search/analysis.js';

/**
 * The graph of a deal where every seat plays for himself (a Schafkopf
 * Ramsch) in the record viewer's analysis (analysis.tsx), in the place of
 * the declaring side's curve: one line per player, his card points after
 * each trick (0 to 120, a guide at 61: from there one surely has the most),
 * and a ring where, with all cards known, the three others can make him
 * pay from there on. The lines differ by colour, dashes and markers (read
 * without colour too), and a table below, the legend, gives each player's
 * standing after the trick of the current step: points taken, the points
 * the others can force on him, whether they can make him pay.
 */
const W = {
  caption: ['Augen nach jedem Stich (Ramsch, alle Karten bekannt)', 'Card points after each trick (Ramsch, all cards known)'],
  explain: [
    'Jede Linie: die Augen, die ein Spieler bis dahin gestochen hat; wer am Ende die meisten hat, zahlt (61 sind sicher die meisten). Ein Ring: Mit allen Karten bekannt können die drei anderen ihn von da an zum Zahlen bringen. „Erzwingbar“: so viele Augen können sie ihm zuschieben, wie gut er auch ausweicht; „–“: in der Zeit der Analyse nicht gelöst.',
    'Each line: the card points a player has taken so far; whoever has the most at the end pays (61 is surely the most). A ring: with all cards known, the three others can make him pay from there on. "Forced": the card points they can push onto him however well he ducks; "–": not solved in the time the analysis allows.',
  ],
  after: ['Nach Stich', 'After trick'],
  before: ['Vor dem ersten Stich', 'Before the first trick'],
  player: ['Spieler', 'Player'],
  taken: ['Augen', 'Points'],
  forced: ['Erzwingbar', 'Forced'],
  pays: ['Zahlt?', 'Pays?'],
  yes: ['kann zum Zahlen gebracht werden', 'can be made to pay'],
  /** The legend's column "Zahlt?" / "Pays?", its answers in short. */
  yesShort: ['ja', 'yes'],
  noShort: ['nein', 'no'],
  no: ['kann dem Zahlen entgehen', 'can avoid paying'],
  unknown: ['nicht gelöst', 'not solved'],
  trick: ['Stich', 'Trick'],
  points: ['Augen', 'points'],
} as const;

function sw(lang: Lang, w: keyof typeof W): string {
  return W[w][lang === 'de' ? 0 : 1];
}

/** Per seat: dashes of its line and the shape of its markers (colours in style.css, `.standings .s0` …). */
const DASHES = ['', '7 3', '2 3', '9 3 2 3'];
const SHAPES = ['circle', 'square', 'triangle', 'diamond'] as const;

/** A marker of `shape` at (x, y) of about radius r. */
function Marker({ shape, x, y, r, cls }: { shape: (typeof SHAPES)[number]; x: number; y: number; r: number; cls: string }) {
  if (shape === 'circle') return <circle class={cls} cx={x} cy={y} r={r} />;
  if (shape === 'square') return <rect class={cls} x={x - r * 0.9} y={y - r * 0.9} width={r * 1.8} height={r * 1.8} />;
  const p = shape === 'triangle' ? [[x, y - r * 1.15], [x + r * 1.05, y + r * 0.75], [x - r * 1.05, y + r * 0.75]] : [[x, y - r * 1.25], [x + r * 1.05, y], [x, y + r * 1.25], [x - r * 1.05, y]];
  return <polygon class={cls} points={p.map(([a, b]) => `${a.toFixed(1)},${b.toFixed(1)}`).join(' ')} />;
}

/** A seat's line as the legend shows it: its dashes and its marker. */
function Sample({ seat }: { seat: number }) {
  return (
    <svg class={`sample s${seat}`} viewBox="0 0 28 12" width="28" height="12" aria-hidden="true">
      <line class="seat-line" x1="1" x2="27" y1="6" y2="6" stroke-dasharray={DASHES[seat] || undefined} />
      <Marker shape={SHAPES[seat]} x={14} y={6} r={3.2} cls="mark" />
    </svg>
  );
}

export function hasStandings(deal: DealAnalysis): boolean {
  return (deal.standings?.curve.length ?? 0) > 0;
}

/** The graph of every seat's card points after each trick, with the legend for the trick of the current step (`now`, tricks done). */
export function Standings({ deal, now, lang, names }: { deal: DealAnalysis; now: number; lang: Lang; names: readonly string[] }) {
  const points = deal.standings!.curve;
  const seats = points[0].seats.length;
  const width = 320;
  const height = 200;
  const pad = { left: 38, right: 12, top: 10, bottom: 22 };
  // The axis's numbers stand clear of the rings at trick 0.
  const label = pad.left - 11;
  const last = Math.max(1, points[points.length - 1].trick);
  const x = (t: number) => pad.left + (t / last) * (width - pad.left - pad.right);
  // Lines of equal points would hide one another: each seat's is moved a little up or down, in order of seats.
  const y = (v: number, seat = 1.5) => pad.top + ((120 - v) / 120) * (height - pad.top - pad.bottom) + (seat - (seats - 1) / 2) * 1.6;
  const at = points.reduce<StandingsPoint>((found, p) => (p.trick <= now ? p : found), points[0]);
  const title = sw(lang, 'caption');
  const payWords = (pays: boolean | null) => sw(lang, pays === null ? 'unknown' : pays ? 'yes' : 'no');
  return (
    <figure class="curve standings">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={title}>
        <title>{title}</title>
        {[0, 30, 90, 120].map((v) => (
          <g key={v}>
            <line class="grid" x1={pad.left} x2={width - pad.right} y1={y(v)} y2={y(v)} />
            <text x={label} y={y(v) + 3.5} text-anchor="end">
              {v}
            </text>
          </g>
        ))}
        <line class="zero" x1={pad.left} x2={width - pad.right} y1={y(61)} y2={y(61)} />
        <text class="guide" x={label} y={y(61) + 3.5} text-anchor="end">
          61
        </text>
        <line class="now" x1={x(Math.min(now, last))} x2={x(Math.min(now, last))} y1={pad.top} y2={height - pad.bottom} />
        {Array.from({ length: seats }, (_, q) => (
          <g key={q} class={`seat s${q}`} data-seat={q}>
            <title>{names[q]}</title>
            <path class="seat-line" d={points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.trick).toFixed(1)} ${y(p.seats[q].taken, q).toFixed(1)}`).join(' ')} stroke-dasharray={DASHES[q] || undefined} />
            {points.map((p) => {
              const s = p.seats[q];
              const cx = x(p.trick);
              const cy = y(s.taken, q);
              return (
                <g key={p.trick} class={p.trick === at.trick ? 'point now' : 'point'}>
                  <title>{`${sw(lang, 'trick')} ${p.trick}: ${names[q]} ${s.taken} ${sw(lang, 'points')}${s.forced === null ? '' : `, ${sw(lang, 'forced')} ${s.forced}`}; ${payWords(s.pays)}`}</title>
                  {s.pays && <circle class="pays" cx={cx} cy={cy} r={p.trick === at.trick ? 7.5 : 6} />}
                  <Marker shape={SHAPES[q % SHAPES.length]} x={cx} y={cy} r={p.trick === at.trick ? 3.6 : 2.6} cls="mark" />
                </g>
              );
            })}
          </g>
        ))}
        {points.map((p) => (
          <text key={p.trick} x={x(p.trick)} y={height - 6} text-anchor="middle" class="tick">
            {p.trick}
          </text>
        ))}
      </svg>
      <figcaption class="small">{title}</figcaption>
      <table class="standings-legend">
        <caption>{at.trick === 0 ? sw(lang, 'before') : `${sw(lang, 'after')} ${at.trick}`}</caption>
        <thead>
          <tr>
            <th scope="col">{sw(lang, 'player')}</th>
            <th scope="col" class="num">{sw(lang, 'taken')}</th>
            <th scope="col" class="num">{sw(lang, 'forced')}</th>
            <th scope="col">{sw(lang, 'pays')}</th>
          </tr>
        </thead>
        <tbody>
          {at.seats.map((s, q) => (
            <tr key={q} data-seat={q} class={s.pays ? 'pays' : ''}>
              <td>
                <Sample seat={q} /> <span class="name">{names[q]}</span>
              </td>
              <td class="num">{s.taken}</td>
              <td class="num">{s.forced ?? '–'}</td>
              <td title={payWords(s.pays)}>
                {s.pays === null ? '–' : s.pays ? (
                  <>
                    <span class="ring" aria-hidden="true">◯</span> {sw(lang, 'yesShort')}
                  </>
                ) : (
                  sw(lang, 'noShort')
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p class="muted small standings-note">{sw(lang, 'explain')}</p>
    </figure>
  );
}
