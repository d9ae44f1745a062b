import type { Lang } from '../../games/present.js';
import { tr } from './i18n.js';

/**
 * A part of the page loaded on demand (a rules page's words, a lesson) that did not come: its file was replaced by
 * a newer build (main.tsx reloads once for that) or there is no network. Says so and offers a reload, instead of
 * "Lade…" for ever.
 */
export function LoadFailed({ lang }: { lang: Lang }) {
  return (
    <p class="notice load-failed" role="alert">
      {tr(lang, 'loadFailed')} <button onClick={() => location.reload()}>{tr(lang, 'reload')}</button>
    </p>
  );
}
