import { useState } from 'preact/hooks';
import type { Lang } from '../../games/present.js';
import { tooManyLoginsText, tr } from './i18n.js';
import { api } from './net.js';

type Refused = { error?: { code: string; message: string } };

/**
 * On a registered player's own page: a new password for the current one (POST /api/password), the other places
 * where the player is logged in then logged out, this page staying; refusals in the page's language. And logging
 * out everywhere, this page too (POST /api/logout?everywhere=1).
 */
export function ChangePassword({ lang }: { lang: Lang }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    setSaid(null);
    if (next.length < 8) return setSaid({ ok: false, text: tr(lang, 'passwordTooShort') });
    setBusy(true);
    const r = await api<{ ended: number } & Refused>('POST', '/api/password', { password: current, newPassword: next }).finally(() => setBusy(false));
    if (r.ok) {
      setCurrent('');
      setNext('');
      return setSaid({ ok: true, text: tr(lang, r.body.ended > 0 ? 'passwordChangedElsewhere' : 'passwordChanged') });
    }
    const code = r.body?.error?.code;
    if (code === 'unauthorized') setSaid({ ok: false, text: tr(lang, 'currentPasswordWrong') });
    else if (code === 'weakPassword') setSaid({ ok: false, text: tr(lang, 'weakPassword') });
    else if (code === 'rateLimited') setSaid({ ok: false, text: tooManyLoginsText(lang, r.body?.error?.message) });
    else setSaid({ ok: false, text: r.body?.error?.message ?? String(r.status) });
  };
  return (
    <section class="account">
      <details>
        <summary>{tr(lang, 'changePassword')}</summary>
        <form class="change-password" onSubmit={(e) => void submit(e)}>
          <label>
            {tr(lang, 'currentPassword')}
            <input type="password" name="current-password" maxLength={200} autoComplete="current-password" value={current} onInput={(e) => setCurrent((e.target as HTMLInputElement).value)} />
          </label>
          <label>
            {tr(lang, 'newPassword')}
            <input type="password" name="new-password" maxLength={200} autoComplete="new-password" value={next} onInput={(e) => setNext((e.target as HTMLInputElement).value)} />
          </label>
          <button type="submit" class="primary" disabled={busy}>
            {tr(lang, 'changePassword')}
          </button>
          {said && (
            <p class={said.ok ? 'done' : 'error'} role={said.ok ? 'status' : 'alert'}>
              {said.text}
            </p>
          )}
        </form>
      </details>
      <p>
        {/* Every session of the player ends, this one too: the socket closes with "logged out" and the page goes to the login. */}
        <button type="button" class="link everywhere" onClick={() => void api('POST', '/api/logout?everywhere=1')}>
          {tr(lang, 'logoutEverywhere')}
        </button>{' '}
        <span class="muted small">{tr(lang, 'logoutEverywhereNote')}</span>
      </p>
    </section>
  );
}
