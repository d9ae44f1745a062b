import { useEffect, useState } from 'preact/hooks';
import type { Lang } from '../../games/present.js';
import { tr } from './i18n.js';

/**
 * A part of the page loaded on demand (a rules page's words, a lesson), loaded again when `deps` change: the part
 * (undefined while it loads, null when there is none), and whether its file did not come (replaced by a newer build,
 * for which main.tsx reloads once, or no network).
 */
export function useOnDemand<T>(load: () => Promise<T | undefined>, deps: readonly unknown[]): [T | null | undefined, boolean] {
  const [value, setValue] = useState<T | null | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setValue(undefined);
    setFailed(false);
    load().then(
      (v) => live && setValue(v ?? null),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, deps);
  return [value, failed];
}

/** What the screen shows for a part that did not come (`useOnDemand`): says so and offers a reload, instead of "Lade…" for ever. */
export function LoadFailed({ lang }: { lang: Lang }) {
  return (
    <p class="notice load-failed" role="alert">
      {tr(lang, 'loadFailed')} <button onClick={() => location.reload()}>{tr(lang, 'reload')}</button>
    </p>
  );
}
