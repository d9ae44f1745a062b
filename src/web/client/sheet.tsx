import { Fragment } from 'preact';
import type { SheetTable } from '../../games/present.js';
import { tr } from './i18n.js';

/** The Spielzettel: a row per deal with the game, who played it, the result, each column's score and the running totals. */
export function ScoreSheet({ table, lang }: { table: SheetTable; lang: 'de' | 'en' }) {
  if (table.rows.length === 0) return <p class="muted small">{tr(lang, 'noDealsYet')}</p>;
  // A deal takes two rows: the game and its result across the whole width, then each column's numbers under their
  // heading, so that four players fit a phone (360 px) without sideways scrolling; the legend says which number is which.
  return (
    <div class="sheet-wrap">
      <table class="sheet">
        <thead>
          <tr>
            <th scope="col" class="deal-no">#</th>
            {table.columns.map((c) => (
              <th scope="col" class="num" key={c} title={c}>
                {short(c)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((r) => (
            <Fragment key={r.deal}>
              <tr class="game" data-deal={r.deal}>
                <td class="num deal-no" rowSpan={2}>
                  {r.deal}
                </td>
                <td colSpan={table.columns.length}>
                  <span>{r.game}</span> <span class="muted small">{r.result}</span>
                </td>
              </tr>
              <tr class="nums">
                {r.cells.map((c, i) => (
                  <td class="num" key={i}>
                    <div class={c.startsWith('−') || c.startsWith('-') ? 'minus' : ''}>{c}</div>
                    <div class="muted small">{r.totals[i]}</div>
                  </td>
                ))}
              </tr>
              {r.note && (
                <tr class="note">
                  <td colSpan={1 + table.columns.length}>{r.note}</td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
      <p class="muted small sheet-legend">{tr(lang, 'sheetLegend')}</p>
    </div>
  );
}

/** A column's heading without its marks in brackets ("Sepp (bot)", "Anna (du)"): the name alone, the whole as its title. */
function short(column: string): string {
  return column.replace(/\s*\([^)]*\)/g, '') || column;
}
