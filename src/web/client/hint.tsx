import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { hintIntoView } from './inView.js';
import type { Lang, TableModel } from '../../games/present.js';
import type { ServerMessage } from '../../server/protocol.js';
import { formatValue } from './values.js';
import { actionWords as words } from './actionWords.js';
import type { Connection, ServerMsg } from './net.js';
import { useEscapeCloses } from './keys.js';
import { RAISE_FROM, raisingTied } from '../../games/karnoeffel/stakes.js';

type HintResult = Extract<ServerMessage, { type: 'hintResult' }>;

const W = {
  hint: ['Tipp', 'Hint'],
  asking: ['Der starke Bot überlegt…', 'The strong bot is thinking…'],
  title: ['Tipp des starken Bots', "The strong bot's hint"],
  choice: ['Er würde spielen:', 'It would play:'],
  decide: ['Er würde wählen:', 'It would choose:'],
  over: ['Erwartetes Ergebnis für dich, gemittelt über {n} aus deiner Sicht gegebene Verteilungen (nie mit verdeckten Karten).', 'Your expected result, the mean over {n} deals dealt from your view (never with hidden cards).'],
  overMargin: [
    'Erwartetes Ergebnis deiner Seite abzüglich der gegnerischen (es punkten nur die Gewinner), gemittelt über {n} aus deiner Sicht gegebene Verteilungen (nie mit verdeckten Karten).',
    "Your side's expected points less the other side's (only the winners score), the mean over {n} deals dealt from your view (never with hidden cards).",
  ],
  overOneMargin: [
    'Erwartetes Ergebnis deiner Seite abzüglich der gegnerischen (es punkten nur die Gewinner) in einer aus deiner Sicht gegebenen Verteilung (nie mit verdeckten Karten).',
    "Your side's expected points less the other side's (only the winners score) in one deal dealt from your view (never with hidden cards).",
  ],
  overOne: ['Erwartetes Ergebnis für dich in einer aus deiner Sicht gegebenen Verteilung (nie mit verdeckten Karten).', 'Your expected result in one deal dealt from your view (never with hidden cards).'],
  noted: ['Die Aufzeichnung vermerkt den Tipp.', 'The record notes the hint.'],
  chance: [
    'Deine Seite gewinnt beim Ausspielen der Karten in {p} % von {n} aus deiner Sicht gegebenen Verteilungen. Werte: eure erwarteten Punkte abzüglich der gegnerischen – wer ablehnt, gibt den Wert vor der Steigerung ab; wer weiterspielt, spielt um den Wert, bis zu dem gesteigert wird.',
    'Your side wins the card play in {p}% of {n} deals dealt from your view. Values: your side\'s expected points less the other side\'s – a refusal gives away the value before the raise; playing on plays for the value the raising goes up to.',
  ],
  tied: [
    'Steigern und Weiterspielen sind gleich viel wert: unter guten Spielern wird ohnehin gesteigert, bis eine Seite mit der Runde die Partie gewönne. Der Bot steigert, wenn seine Seite in mindestens {p} % gewinnt.',
    'Raising and playing on are worth the same: between good players the raising goes on until a side would win the match with the round. The bot raises when its side wins in at least {p}%.',
  ],
  steady: [
    'Der Bot bleibt bei seiner gewohnten Wahl, solange die Verteilungen nicht sicher eine andere besser zeigen – über wenige Verteilungen sind die Schätzungen unsicher.',
    'The bot keeps its usual choice unless the deals show another to be better with confidence – over few deals the estimates are uncertain.',
  ],
  close: ['Schließen', 'Close'],
} as const;

const w = (lang: Lang, k: keyof typeof W) => W[k][lang === 'de' ? 0 : 1];

/** The card of the hand an action plays, if it plays one. */
function cardOf(m: TableModel, action: string) {
  return m.hand.find((x) => x.action === action || x.code === action);
}

/**
 * The Tipp button at an unrated table (issue 22): asks the server for the
 * strong bot's hint for the player's decision now and shows its choice and
 * its estimate of every legal action. A rated table shows no button (and the
 * server would refuse). A hint belongs to one decision: it goes when the
 * legal actions change.
 */
export function HintButton({ conn, table, m, legal, lang }: { conn: Connection; table: string; m: TableModel; legal: readonly string[]; lang: Lang }) {
  const [asking, setAsking] = useState(false);
  const [hint, setHint] = useState<HintResult | null>(null);
  const tipp = useRef<HTMLButtonElement>(null);
  // Closed by its ✕ or by Escape, the focus goes back to the Tipp button that opened it (the ✕ is gone, and the
  // button was disabled while the bot thought, so the focus would otherwise fall to the page's body).
  const close = useCallback(() => {
    setHint(null);
    tipp.current?.focus({ preventScroll: true });
  }, []);
  useEscapeCloses(hint !== null, close);
  const key = legal.join(' ');
  useEffect(() => {
    setHint(null);
    setAsking(false);
  }, [key]);
  // The hint stands between the buttons and the hand and pushes the hand down: the page scrolls so that the hint and
  // the hand with the player's own plate and clock are in view together, or, where the screen cannot hold both (a
  // phone at a bid with many buttons), the hint from its top.
  useEffect(() => {
    const box = document.querySelector('main.table .hint');
    if (hint && box) hintIntoView(box);
  }, [hint]);
  useEffect(
    () =>
      conn.on((msg: ServerMsg) => {
        if (!('table' in msg) || msg.table !== table) return;
        if (msg.type === 'hintResult') {
          setAsking(false);
          setHint(msg as unknown as HintResult);
        } else if (msg.type === 'error' && !('cseq' in msg && typeof msg.cseq === 'number' && msg.cseq > 0)) setAsking(false);
      }),
    [conn, table],
  );
  if (legal.length === 0) return null;
  return (
    <div class="hint-box">
      <button
        class="hint-button"
        ref={tipp}
        disabled={asking}
        aria-busy={asking}
        onClick={() => {
          setAsking(true);
          setHint(null);
          conn.send({ type: 'hint', table });
        }}
      >
        {w(lang, 'hint')}
      </button>
      {asking && (
        <span class="muted small" role="status">
          {w(lang, 'asking')}
        </span>
      )}
      {hint && (
        <div class="hint" role="region" aria-label={w(lang, 'title')}>
          <div class="hint-head">
            <strong>{w(lang, 'title')}</strong>
            <button class="link small" onClick={close} aria-label={w(lang, 'close')}>
              ✕
            </button>
          </div>
          <p>
            {w(lang, cardOf(m, hint.choice) ? 'choice' : 'decide')} <strong class="hint-choice">{words(m, hint.choice, lang)}</strong>
          </p>
          <ul class="hint-list">
            {hint.estimates.map((e) => (
              <li key={e.action} class={e.action === hint.choice ? 'best' : ''} data-action={e.action}>
                <span class="mark" aria-hidden="true">{e.action === hint.choice ? '→' : ''}</span>
                <span class="v">{formatValue(e.value, hint.unit, lang)}</span> <span>{words(m, e.action, lang)}</span>
              </li>
            ))}
          </ul>
          {hint.chance === undefined && hint.estimates[0]?.action !== hint.choice && <p class="muted small hint-steady">{w(lang, 'steady')}</p>}
          <p class="muted small">
            {hint.chance !== undefined
              ? w(lang, 'chance').replace('{p}', String(Math.round(hint.chance * 100))).replace('{n}', String(hint.worlds))
              : hint.worlds === 1
                ? w(lang, hint.margin ? 'overOneMargin' : 'overOne')
                : w(lang, hint.margin ? 'overMargin' : 'over').replace('{n}', String(hint.worlds))}{' '}
            {w(lang, 'noted')}
          </p>
          {hint.chance !== undefined && raisingTied(hint.estimates) && <p class="muted small hint-tied">{w(lang, 'tied').replace('{p}', String(Math.round(RAISE_FROM * 100)))}</p>}
        </div>
      )}
    </div>
  );
}
