import { useRef, useState } from 'preact/hooks';
import type { SheetTable, TableModel } from '../../games/present.js';
import { presentationOf } from '../../games/presentations.js';
import type { Snapshot } from '../../server/protocol.js';
import { namesOf } from './seatNames.js';
import { FairNote, type Check, type Reveal } from './fair.js';
import { tr } from './i18n.js';
import { useModalFocus } from './keys.js';
import { ScoreSheet } from './sheet.js';
import { TrickCards, type Trick } from './lastTrick.js';

/** A deal's or a sitting's end as the table shows it, one dialog at a time (the oldest first). */
export interface Ended {
  kind: 'deal' | 'sitting';
  /** The summary's lines in a language: made when shown, so that switching the language while it is open switches them too. */
  lines: (lang: 'de' | 'en') => readonly string[];
  /** A sitting's whole Spielzettel in a language (the table's, below it, lies under the dialog's backdrop). */
  sheet?: (lang: 'de' | 'en') => SheetTable;
  record?: string;
  deal?: number;
  /** A fair deal's reveal and the browser's check of it. */
  fair?: { reveal: Reveal; check: Check };
  /** A sitting's summary still open when another player started the next sitting ("Noch eine Runde"). */
  restarted?: boolean;
}

/**
 * The summary a seated player was reading when his page was loaded anew (a reload, a phone that dropped the tab, the
 * table's link opened again), made from the first snapshot: the events that brought it came before. A sitting over:
 * its end with "Noch eine Runde", the record and the analysis (the page showed a dead table without any of them).
 * Between deals, while the server still waits for his part of the next shuffle: the last deal's result (the page
 * showed its last cards without a word of who won). The shuffle's check is left out: its reveal came with the event.
 */
export function endedOfSnapshot(s: Snapshot, id: string): Ended | null {
  const p = presentationOf(s.game);
  if (!p || s.seat < 0 || s.closed !== undefined) return null;
  const names = (l: 'de' | 'en') => namesOf(s, l);
  if (s.phase === 'finished') {
    return { kind: 'sitting', lines: (l) => p.sittingEnd(s.sheet, l, names(l), s.rules), sheet: (l) => p.scoreSheet(s.outcomes, l, names(l), s.rules), record: `${id}.${s.sitting}` };
  }
  const outcome = s.outcomes[s.outcomes.length - 1];
  if (s.phase !== 'playing' || !s.fair?.collecting || s.fair.contributed || outcome === undefined) return null;
  return { kind: 'deal', lines: (l) => p.dealSummary(outcome, l, names(l), s.view, s.rules), deal: s.fair.context.deal - 1 };
}

/**
 * The summary after a deal (its lines, the shuffle's check, "Weiter") or a sitting (the sheet's lines; "Noch eine
 * Runde" for a seated player, the record, the analysis, the lobby). Once another player has started the next sitting,
 * it says so and closes with "Weiter" onto it, the record and the analysis opening in a new tab.
 */
export function SummaryDialog(p: {
  ended: Ended;
  lang: 'de' | 'en';
  names: readonly string[];
  /** The trick that ended the deal, while the table still shows that deal (play-test: on a phone the dialog hid it, and the "Letzter Stich" button lay behind its backdrop). */
  trick?: { trick: Trick; m: TableModel };
  seated: boolean;
  next: () => void;
  again: () => void;
  go: (path: string) => void;
}) {
  const { ended, lang } = p;
  const record = ended.record;
  const [sheetOpen, setSheetOpen] = useState(false);
  // A keyboard player finds the dialog at once: a deal's summary (or one whose next sitting has begun) with its
  // "Weiter" focused, so Enter or Escape goes on; a sitting's end with the dialog itself, so that Enter does not
  // take him from the table by chance and Tab goes through its choices. (It used to leave the focus on the page's
  // body, and "Weiter" lay behind every control of the table.) Keyed by what it shows, not by the object: the
  // shuffle's check coming in later must not pull the focus back.
  const box = useRef<HTMLDivElement>(null);
  const goesOn = ended.kind === 'deal' || ended.restarted === true;
  useModalFocus(box, `${ended.kind} ${ended.deal ?? ''} ${ended.restarted === true}`, () => (goesOn ? box.current?.querySelector<HTMLElement>('button.next') ?? null : null), goesOn ? p.next : undefined);
  return (
    <>
      <div class="backdrop" />
      <div class={`summary${sheetOpen ? ' wide' : ''}`} role="dialog" aria-modal="true" tabIndex={-1} ref={box} data-ended={`${ended.kind} ${ended.deal ?? ''}`} aria-label={tr(lang, ended.kind === 'deal' ? 'dealOver' : 'sittingOver')}>
        <h2>{tr(lang, ended.kind === 'deal' ? 'dealOver' : 'sittingOver')}</h2>
        {ended.lines(lang).map((l, i) => (
          <p key={i} class={i === 0 && ended.kind === 'sitting' ? 'winner' : undefined}>
            {l}
          </p>
        ))}
        {p.trick && (
          <div class="end-trick">
            <h3>{tr(lang, 'lastTrick')}</h3>
            <div class="lasttrick" role="group" aria-label={tr(lang, 'lastTrick')}>
              <TrickCards trick={p.trick.trick} m={p.trick.m} names={p.names} lang={lang} />
            </div>
          </div>
        )}
        {ended.sheet && (
          <>
            <button class="sheet-toggle" aria-expanded={sheetOpen} onClick={() => setSheetOpen(!sheetOpen)}>
              {tr(lang, 'sheet')} {sheetOpen ? '▴' : '▾'}
            </button>
            {sheetOpen && <ScoreSheet table={ended.sheet(lang)} lang={lang} />}
          </>
        )}
        {ended.fair && <FairNote check={ended.fair.check} reveal={ended.fair.reveal} names={p.names} lang={lang} />}
        {ended.restarted && <p class="restarted">{tr(lang, 'againStarted')}</p>}
        <div class="row">
          {ended.restarted ? (
            <>
              {/* The new sitting is running: the record and its analysis open beside it, in a new tab. */}
              {record && (
                <a class="button record-link" href={`/record/${record}`} target="_blank" rel="noopener">
                  {tr(lang, 'record')}
                </a>
              )}
              {record && (
                <a class="button analysis-link" href={`/record/${record}?analyse`} target="_blank" rel="noopener">
                  {tr(lang, 'analyse')}
                </a>
              )}
              <button class="primary next" onClick={p.next}>
                {tr(lang, 'next')}
              </button>
            </>
          ) : ended.kind === 'sitting' ? (
            <>
              {p.seated && <button onClick={p.again}>{tr(lang, 'again')}</button>}
              {record && (
                <button class="record-link" onClick={() => p.go(`/record/${record}`)}>
                  {tr(lang, 'record')}
                </button>
              )}
              {record && (
                <button class="analysis-link" onClick={() => p.go(`/record/${record}?analyse`)}>
                  {tr(lang, 'analyse')}
                </button>
              )}
              <button class="primary" onClick={() => p.go('/')}>
                {tr(lang, 'toLobby')}
              </button>
            </>
          ) : (
            <button class="primary next" onClick={p.next}>
              {tr(lang, 'next')}
            </button>
          )}
        </div>
      </div>
    </>
  );
}
