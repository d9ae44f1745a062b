import { useEffect, useMemo, useState } from 'preact/hooks';
import type { Lang } from '../../games/present.js';
import { initialLang, tooManyLoginsText, tr } from './i18n.js';
import { api, Connection, wsUrl, type ServerMsg } from './net.js';
import { Lobby } from './lobby.js';
import { PlayerScreen, playerPath } from './player.js';
import { RecordScreen } from './record.js';
import { say } from './setupWords.js';
import { refusal } from './refusal.js';
import { LearnLinks, Link, RulesLinks, RulesScreen } from './rules.js';
import { LearnScreen } from './learn.js';
import { TableScreen } from './table.js';
import { AdminScreen } from './admin.js';
import { InviteNote, inviteHasSeat, nameAtTable, nameAtTableText, sitOnArrival, useInvite } from './waiting.js';
import { modSay } from './moderationWords.js';

export interface User {
  readonly id: string;
  readonly name: string;
  readonly guest: boolean;
}

export interface Ctx {
  readonly lang: Lang;
  readonly user: User;
  readonly conn: Connection;
  readonly online: boolean;
  go(path: string): void;
}

function usePath(): [string, (p: string) => void] {
  const [path, setPath] = useState(location.pathname);
  useEffect(() => {
    const pop = () => setPath(location.pathname);
    addEventListener('popstate', pop);
    return () => removeEventListener('popstate', pop);
  }, []);
  const go = (p: string) => {
    if (p !== location.pathname) history.pushState(null, '', p);
    setPath(p);
  };
  return [path, go];
}

export function App() {
  const [lang, setLang] = useState<Lang>(initialLang());
  const [user, setUser] = useState<User | null | undefined>(undefined);
  const [path, go] = usePath();
  const [online, setOnline] = useState(false);
  const conn = useMemo(() => (user ? new Connection(wsUrl()) : null), [user?.id]);

  useEffect(() => {
    document.documentElement.lang = lang;
    localStorage.setItem('stich.lang', lang);
  }, [lang]);
  // Who is here (null: nobody yet). Without a network (the page opened from the service worker's cache) the app
  // says it is offline and asks again when the browser is back online, and every few seconds.
  const [unreachable, setUnreachable] = useState(false);
  const [loggedOut, setLoggedOut] = useState(false);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () => {
      clearTimeout(timer);
      api<{ user: User | null }>('GET', '/api/me')
        .then((r) => {
          if (stopped) return;
          setUnreachable(false);
          setUser(r.ok ? (r.body?.user ?? null) : null);
        })
        .catch(() => {
          if (stopped) return;
          setUnreachable(true);
          timer = setTimeout(ask, 4000);
        });
    };
    ask();
    addEventListener('online', ask);
    return () => {
      stopped = true;
      clearTimeout(timer);
      removeEventListener('online', ask);
    };
  }, []);
  // The banner shows a lost connection, not the first moments of opening one.
  const [grace, setGrace] = useState(true);
  useEffect(() => {
    const t = setTimeout(() => setGrace(false), 2000);
    return () => clearTimeout(t);
  }, [conn]);
  useEffect(() => {
    if (!conn) return;
    const seen = (up: boolean) => {
      setOnline(up);
      if (up) setGrace(false);
      // The session ended elsewhere (logged out everywhere, a new password): back to the login page, saying why.
      if (!up && conn.loggedOut) {
        setLoggedOut(true);
        setUser(null);
      }
    };
    const off = conn.onState(seen);
    // The socket may have opened before this effect ran: take its state now, or the banner would say it is down.
    seen(conn.online);
    return () => {
      off();
      conn.close();
    };
  }, [conn]);

  // A ban closes the socket (the connection does not come back) after saying why.
  const [banned, setBanned] = useState<{ code: string; message: string; params?: unknown } | null>(null);
  useEffect(() => conn?.on((msg) => void (msg.type === 'error' && msg.code === 'banned' && setBanned({ code: 'banned', message: msg.message, params: msg.params }))), [conn]);
  // A server that serves another build of this page than the one open here (an upgrade while the page stayed open) offers a reload.
  const [newBuild, setNewBuild] = useState(false);
  useEffect(() => {
    const mine = pageBuild();
    return conn?.on((msg) => void (msg.type === 'hello' && mine !== undefined && msg.build !== undefined && msg.build !== mine && setNewBuild(true)));
  }, [conn]);
  // Admins find their page from the header.
  const [isAdmin, setIsAdmin] = useState(false);
  useEffect(() => {
    if (user) void api<{ admin?: boolean }>('GET', '/api/admin/me').then((r) => setIsAdmin(r.ok && r.body?.admin === true), () => setIsAdmin(false));
  }, [user?.id]);

  const header = (
    <header class="top">
      <Link class="brand" href="/" go={go}>
        stich
      </Link>
      <span class="spacer" />
      {isAdmin && (
        <Link class="admin-link" href="/admin" go={go}>
          {modSay(lang, 'admin')}
        </Link>
      )}
      {user && (
        <Link class="me" href={playerPath(user.name, user.id)} title={tr(lang, 'myPage')} go={go}>
          {user.name}
        </Link>
      )}
      {user && (
        <button
          class="link logout"
          onClick={() => {
            // Ends this browser's session on the server and drops the cookie; other devices stay logged in. The page
            // closes its own socket first: the server closes every socket of the session (4002), and this page is
            // not to take that for a logout elsewhere.
            conn?.close();
            void api('POST', '/api/logout').catch(() => undefined).then(() => setUser(null));
          }}
        >
          {tr(lang, 'logout')}
        </button>
      )}
      <button class="link" onClick={() => setLang(lang === 'de' ? 'en' : 'de')} aria-label={lang === 'de' ? 'Switch to English' : 'Auf Deutsch umschalten'}>
        {tr(lang, 'language')}
      </button>
    </header>
  );

  // The rules pages need no account: a link to them works for anyone.
  const rules = /^\/rules\/([^/?#]+)/.exec(path);
  if (rules) return <div class="page">{header}<RulesScreen game={safeDecode(rules[1])} lang={lang} go={go} /></div>;
  // The guided first deals run in the page on the game's engine: no account, no table.
  const learn = /^\/learn\/([^/?#]+)/.exec(path);
  if (learn) return <div class="page">{header}<LearnScreen game={safeDecode(learn[1])} lang={lang} go={go} /></div>;
  // An address that is none of the app's: said so in the player's language (the server answers it with 404), no account needed.
  if (!isAppPath(path)) return <div class="page">{header}<PageNotFound lang={lang} go={go} /></div>;
  if (user === undefined && unreachable) {
    return (
      <div class="page">
        {header}
        <main class="offline-start" aria-live="polite">
          <h1>{say(lang, 'offlineStart')}</h1>
          <p>{say(lang, 'offlineNote')}</p>
        </main>
      </div>
    );
  }
  if (user === undefined) return <div class="page">{header}<p class="center muted">{tr(lang, 'loading')}</p></div>;
  // A record's link works for anyone, as its API does: a friend sent one to look at needs no name first.
  const publicRecord = /^\/record\/([\w.-]+)/.exec(path);
  if (user === null && publicRecord) return <div class="page">{header}<RecordScreen key={publicRecord[1]} lang={lang} id={publicRecord[1]} go={go} visitor /></div>;
  if (user === null || !conn) {
    const loggedIn = (u: User) => {
      setLoggedOut(false);
      setUser(u);
    };
    return <div class="page">{header}<Login lang={lang} onUser={loggedIn} go={go} path={path} loggedOut={loggedOut} /></div>;
  }
  const ctx: Ctx = { lang, user, conn, online, go };
  const m = /^\/table\/([\w-]+)/.exec(path);
  const rm = /^\/record\/([\w.-]+)/.exec(path);
  const pm = /^\/player\/([^/?]+)/.exec(path);
  const screen = banned ? (
    <main class="banned">
      <p class="error" role="alert">
        {refusal(lang, banned).text}
      </p>
    </main>
  ) : path === '/admin' ? (
    <AdminScreen ctx={ctx} />
  ) : m ? (
    <TableScreen key={m[1]} ctx={ctx} id={m[1]} />
  ) : rm ? (
    <RecordScreen key={rm[1]} lang={lang} id={rm[1]} go={go} />
  ) : pm ? (
    <PlayerScreen ctx={ctx} name={safeDecode(pm[1])} id={new URLSearchParams(location.search).get('id') ?? undefined} />
  ) : (
    <Lobby ctx={ctx} />
  );
  return (
    <div class="page">
      {header}
      {!online && !grace && !banned && <div class="offline" role="status">{tr(lang, 'offline')}</div>}
      {newBuild && (
        <div class="new-build" role="status">
          {tr(lang, 'newBuild')} <button title={tr(lang, 'reloadNote')} onClick={() => location.reload()}>
            {tr(lang, 'reload')}
          </button>
        </div>
      )}
      {screen}
    </div>
  );
}

/** The paths the app shows a screen for; the server sends the page with 404 for any other. */
const APP_PATHS = [/^\/$/, /^\/admin$/, /^\/(table|record|player|rules|learn)\/[^/]+$/];

function isAppPath(path: string): boolean {
  return APP_PATHS.some((p) => p.test(path));
}

function PageNotFound({ lang, go }: { lang: Lang; go(path: string): void }) {
  return (
    <main class="gone-page not-found">
      <h1>{say(lang, 'unknownPage')}</h1>
      <p>{say(lang, 'unknownPageNote')}</p>
      <Link class="button primary" href="/" go={go}>
        {tr(lang, 'toLobby')}
      </Link>
    </main>
  );
}

/** The build of this page (`<meta name="stich-build">`, written by the build: src/web/build/pwa.ts); undefined in development. */
function pageBuild(): string | undefined {
  return document.querySelector<HTMLMetaElement>('meta[name="stich-build"]')?.content || undefined;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function Login({ lang, onUser, go, path, loggedOut }: { lang: Lang; onUser: (u: User) => void; go: (path: string) => void; path: string; loggedOut: boolean }) {
  const [name, setName] = useState(() => localStorage.getItem('stich.name') ?? '');
  // Come by a table's link: the page says which table, and a name chosen sits one down at it.
  const invite = useInvite(path);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const guestName = () => name.trim() || `Gast ${Math.floor(1000 + Math.random() * 9000)}`;
  const submit = async (path: string, body: unknown) => {
    setError('');
    const r = await api<{ user: User; error?: { code: string; message: string; params?: Record<string, number> } }>('POST', path, body);
    if (r.ok) {
      localStorage.setItem('stich.name', r.body.user.name);
      if (invite && inviteHasSeat(invite)) sitOnArrival(invite.id);
      onUser(r.body.user);
      return;
    }
    const e = r.body?.error;
    const words = { badName: 'badName', nameTaken: 'nameTaken', weakPassword: 'weakPassword', unauthorized: 'unauthorized' } as const;
    if (e?.code === 'tooManyGuests' || e?.code === 'tooManyAccounts') setError(refusal(lang, e).text);
    else if (e?.code === 'rateLimited') setError(tooManyLoginsText(lang, e.message));
    else if (e && e.code in words) setError(`${tr(lang, words[e.code as keyof typeof words])} (${e.message})`);
    else setError(e?.message ?? `${r.status}`);
  };
  // One form, so that Enter does what a person expects and a password manager sees a login: Enter in the name field
  // plays as a guest (the first button), Enter in the password field logs in; each button does its own.
  const onSubmit = (e: SubmitEvent) => {
    e.preventDefault();
    const button = e.submitter as HTMLButtonElement | null;
    const fromPassword = (document.activeElement as HTMLInputElement | null)?.type === 'password';
    const action = fromPassword && button?.value === 'guest' ? 'login' : (button?.value ?? 'guest');
    // What the server would refuse in its own (English, technical) words is said here in the page's language.
    if (action !== 'login' && /\(\s*bot\s*\)$/i.test(name.trim())) return setError(tr(lang, 'botNameRefused'));
    if (action === 'guest') {
      const chosen = guestName();
      // Come by an invite: a guest of a name already at the table could not be told apart there (play-test: two "Anna").
      const twin = invite && inviteHasSeat(invite) ? nameAtTable(invite, chosen) : undefined;
      if (twin !== undefined) return setError(nameAtTableText(lang, twin));
      return void submit('/api/guest', { name: chosen });
    }
    if (!name.trim()) return setError(tr(lang, 'nameMissing'));
    if (action === 'register' && password.length < 8) return setError(tr(lang, 'passwordTooShort'));
    void submit(`/api/${action}`, { name: name.trim(), password });
  };
  return (
    <main class="login">
      <form class="login-form" onSubmit={onSubmit}>
        <h1>stich</h1>
        <p class="muted">{tr(lang, 'tagline')}</p>
        {invite && <InviteNote invite={invite} lang={lang} />}
        {loggedOut && (
          <p class="logged-out" role="status">
            {tr(lang, 'loggedOutElsewhere')}
          </p>
        )}
        <label>
          {tr(lang, 'yourName')}
          <input name="username" value={name} maxLength={40} onInput={(e) => setName((e.target as HTMLInputElement).value)} autoComplete="username" />
        </label>
        <button type="submit" value="guest" class="primary big">
          {tr(lang, 'playAsGuest')}
        </button>
        <details>
          <summary>{tr(lang, 'orLogin')}</summary>
          <label>
            {tr(lang, 'password')}
            <input name="password" type="password" maxLength={200} value={password} onInput={(e) => setPassword((e.target as HTMLInputElement).value)} autoComplete="current-password" />
          </label>
          <div class="row">
            <button type="submit" value="login">{tr(lang, 'login')}</button>
            <button type="submit" value="register">{tr(lang, 'register')}</button>
          </div>
        </details>
        {error && <p class="error" role="alert">{error}</p>}
      </form>
      {/* The rules and the guided first deals need no account: a newcomer finds them before choosing a name. */}
      <RulesLinks lang={lang} go={go} />
      <LearnLinks lang={lang} go={go} />
    </main>
  );
}

export type { ServerMsg };
