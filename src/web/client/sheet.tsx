import { Fragment } from 'preact';
import type { SheetTable } from '../../games/present.js';
import { tr } from './i18n.js';

/** The Spielzettel: a row per deal with the game, who played it, the result, each column's score and the running totals. */
export function ScoreSheet({ table, lang }: { table: SheetTable; lang: 'de' | 'en' }) {
  if (table.rows.length === 0) return <p class="muted small">{tr(lang, 'noDealsYet')}</p>;
  return (
    <div class="sheet-wrap">
      <table class="sheet">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{tr(lang, 'game')}</th>
            {table.columns.map((c) => (
              <th scope="col" class="num" key={c}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((r) => (
            <Fragment key={r.deal}>
              <tr data-deal={r.deal}>
                <td class="num">{r.deal}</td>
                <td>
                  <div>{r.game}</div>
                  <div class="muted small">{r.result}</div>
                </td>
                {r.cells.map((c, i) => (
                  <td class="num" key={i}>
                    <div class={c.startsWith('−') || c.startsWith('-') ? 'minus' : ''}>{c}</div>
                    <div class="muted small">{r.totals[i]}</div>
                  </td>
                ))}
              </tr>
              {r.note && (
                <tr class="note">
                  <td colSpan={2 + table.columns.length}>{r.note}</td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
