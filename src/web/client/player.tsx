import { presentationOf } from '../../games/presentations.js';
import { ReportPlayer } from './chat.js';
import { ChangePassword } from './account.js';
import { useEffect, useState } from 'preact/hooks';
import type { Ctx } from './app.js';
import { oneDecimal, placeWords, tr } from './i18n.js';
import type { PlayerPage } from '../../server/protocol.js';
import { api } from './net.js';


/** The path of a person's page; the id tells guests of one name apart. */
export function playerPath(name: string, id?: string): string {
  return `/player/${encodeURIComponent(name)}${id ? `?id=${encodeURIComponent(id)}` : ''}`;
}

/** A rating counts once a player has this many sittings of the game: before, it is shown as provisional. */
export const PROVISIONAL = 5;

/** A person's page: the rating per game (OpenSkill, shown as μ − 3σ) and the recent sittings with links to their records. */
export function PlayerScreen({ ctx, name, id }: { ctx: Ctx; name: string; id?: string }) {
  const { lang } = ctx;
  const [page, setPage] = useState<PlayerPage | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    setPage(null);
    setError('');
    void api<PlayerPage & { error?: { code: string; message: string } }>('GET', `/api/players/${encodeURIComponent(name)}${id ? `?id=${encodeURIComponent(id)}` : ''}`).then((r) =>
      r.ok ? setPage(r.body) : setError(r.status === 404 ? tr(lang, 'noSuchPlayer') : (r.body?.error?.message ?? String(r.status))),
    );
  }, [name, id]);
  if (error)
    return (
      <main class="player center">
        <h1 class="error">{error}</h1>
      </main>
    );
  if (!page) return <main class="player center muted">{tr(lang, 'loading')}</main>;
  const date = new Intl.DateTimeFormat(lang === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  const round = (x: number) => oneDecimal(lang, x);
  return (
    <main class="player">
      <h1>
        {page.name}
        {page.guest && <span class="tag">{tr(lang, 'guest')}</span>}
        {page.id === ctx.user.id && <span class="tag mine">{tr(lang, 'you')}</span>}
      </h1>
      <section>
        <h2>{tr(lang, 'rating')}</h2>
        {page.ratings.length === 0 ? (
          <p class="muted">{tr(lang, 'noRating')}</p>
        ) : (
          <table class="ratings">
            <thead>
              <tr>
                <th scope="col">{tr(lang, 'game')}</th>
                <th scope="col" class="num">
                  {tr(lang, 'rating')}
                </th>
                <th scope="col" class="num muted">μ ± σ</th>
                <th scope="col" class="num">{tr(lang, 'sittings')}</th>
              </tr>
            </thead>
            <tbody>
              {page.ratings.map((r) => (
                <tr key={r.game} data-game={r.game}>
                  <td>{r.title}</td>
                  <td class="num strong">{r.sittings < PROVISIONAL ? <span class="provisional">{tr(lang, 'provisional')}</span> : round(r.rating)}</td>
                  <td class="num muted">
                    {round(r.mu)} ± {round(r.sigma)}
                  </td>
                  <td class="num">{r.sittings}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <p class="muted small">{tr(lang, 'ratingNote')}</p>
      </section>
      <section>
        <h2>{tr(lang, 'recentSittings')}</h2>
        {page.sittings.length === 0 ? (
          <p class="muted">{tr(lang, 'noSittings')}</p>
        ) : (
          <ul class="sittings">
            {page.sittings.map((s) => (
              <li key={s.record} data-record={s.record}>
                <div class="what">
                  <strong>{s.title}</strong> <span class="muted small">{date.format(s.created)}</span>
                </div>
                <div class="who small">
                  {s.players.map((p, i) => (
                    <span key={i} class={i === s.seat ? 'me' : ''}>
                      {i > 0 && ', '}
                      {p}
                    </span>
                  ))}
                </div>
                <div class="how">
                  <span class={`finish${s.place === 1 ? ' first' : ''}`}>
                    {placeWords(lang, s.place)}
                  </span>
                  <span class="muted small"> · {presentationOf(s.game)?.formatTotal(s.total, lang) ?? String(s.total)}</span>
                  <span class="links">
                    <a
                      class="record-link"
                      href={`/record/${s.record}`}
                      onClick={(e) => {
                        e.preventDefault();
                        ctx.go(`/record/${s.record}`);
                      }}
                    >
                      {tr(lang, 'record')}
                    </a>
                    <a
                      class="analysis-link"
                      href={`/record/${s.record}?analyse`}
                      onClick={(e) => {
                        e.preventDefault();
                        ctx.go(`/record/${s.record}?analyse`);
                      }}
                    >
                      {tr(lang, 'analyse')}
                    </a>
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      {page.id !== ctx.user.id && <ReportPlayer userId={page.id} name={page.name} lang={lang} />}
      {page.id === ctx.user.id && !ctx.user.guest && <ChangePassword lang={lang} />}
    </main>
  );
}
