import { useEffect } from 'preact/hooks';
import type { Lang } from '../../games/present.js';
import { replayGame } from '../../games/replays.js';
import { describeRules, ruleValueLabel, type HouseRule, type RuleBook } from '../../games/ruleBook.js';
import type { Guide } from './guides/guide.js';
import { tr } from './i18n.js';
import type { Refusal } from './refusal.js';
import { hasLesson, lessonPath } from './learn.js';
import { LoadFailed, useOnDemand } from './onDemand.js';

/** The games with a rules page, in the lobby's order. */
export const RULES_GAMES = ['schafkopf', 'bauernschnapsen', 'talonschnapsen', 'karnoeffel'] as const;

/** The address of a game's rules page, at one of its parts (deal, bidding, play, games, pay, house-rules, presets). */
export function rulesPath(game: string, part?: string): string {
  return `/rules/${encodeURIComponent(game)}${part ? `#${part}` : ''}`;
}

/** Each game's words, loaded with the page only (they are not in the table's bundle). */
async function loadGuide(game: string, lang: Lang): Promise<Guide | undefined> {
  switch (game) {
    case 'schafkopf':
      return (await import('./guides/schafkopf.js')).SCHAFKOPF_GUIDE[lang];
    case 'bauernschnapsen':
      return (await import('./guides/schnapsen.js')).BAUERN_GUIDE[lang];
    case 'talonschnapsen':
      return (await import('./guides/schnapsen.js')).TALON_GUIDE[lang];
    case 'karnoeffel':
      return (await import('./guides/karnoeffel.js')).KARNOEFFEL_GUIDE[lang];
    default:
      return undefined;
  }
}

type Go = (path: string) => void;

/** An in-app link: a real href (opens in a new tab too), followed without reloading the page. */
export function Link({ href, go, children, ...rest }: { href: string; go: Go; children: preact.ComponentChildren; class?: string; title?: string; 'aria-label'?: string; target?: string }) {
  return (
    <a
      href={href}
      {...rest}
      onClick={(e) => {
        if (rest.target || e.ctrlKey || e.metaKey || e.shiftKey) return;
        e.preventDefault();
        go(href);
      }}
    >
      {children}
    </a>
  );
}

/** The rules a table plays in words: "Aumer/Koller (Buch)", then each house rule that differs from the preset ("Klopfen: an"). */
export function rulesInWords(game: string, rules: Readonly<Record<string, unknown>> | undefined, lang: Lang): string {
  const book = replayGame(game)?.ruleBook as RuleBook<unknown> | undefined;
  if (!book || !rules) return '';
  const { preset, changes } = describeRules(book, rules, lang);
  return [preset, ...changes].join(' · ');
}

/** The "?" at a table: the game's rules page, in a new tab so the table stays open; its title names the table's rules. */
export function RulesHelp({ game, lang, rules }: { game: string; lang: Lang; rules?: Readonly<Record<string, unknown>> }) {
  const words = rulesInWords(game, rules, lang);
  const title = `${tr(lang, 'rulesOf')}${words ? `: ${words}` : ''}`;
  return (
    <a class="rules-help" href={rulesPath(game)} target="_blank" rel="noopener" title={title} aria-label={title}>
      ?
    </a>
  );
}

/** A refusal in words, its rule section a link to the part of the rules page that explains it. */
export function RefusalText({ r, game, lang }: { r: Refusal; game: string; lang: Lang }) {
  return (
    <>
      {tr(lang, 'refused')}: {r.text}
      {r.section && (
        <>
          {' '}
          (
          <a href={rulesPath(game, r.anchor)} target="_blank" rel="noopener" title={tr(lang, 'rulesOf')}>
            {r.section}
          </a>
          )
        </>
      )}
    </>
  );
}

/** /rules/GAME: how the game goes, and every house rule and preset by name, from the game's rule book. */
export function RulesScreen({ game, lang, go }: { game: string; lang: Lang; go: Go }) {
  const engine = replayGame(game);
  const [guide, failed] = useOnDemand(() => loadGuide(game, lang), [game, lang]);
  // The part named in the address, once the words are there.
  useEffect(() => {
    if (guide && location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
  }, [guide]);
  if (!engine || guide === null) {
    return (
      <main class="rules">
        <p>{tr(lang, 'noSuchGame')}</p>
        <Nav lang={lang} go={go} current={game} />
      </main>
    );
  }
  const book = engine.ruleBook as RuleBook<unknown>;
  return (
    <main class="rules" lang={lang}>
      <Nav lang={lang} go={go} current={game} />
      <h1>{`${tr(lang, 'rulesTitle')}: ${engine.title}`}</h1>
      {hasLesson(game) && (
        <p class="lesson-link">
          <Link href={lessonPath(game)} go={go} class="button primary">
            {tr(lang, 'learnFirstDeal')}
          </Link>{' '}
          <span class="muted small">{tr(lang, 'learnFirstDealNote')}</span>
        </p>
      )}
      {failed ? (
        <LoadFailed lang={lang} />
      ) : guide === undefined ? (
        <p class="muted">{tr(lang, 'loading')}</p>
      ) : (
        <>
          <p class="intro">{guide.intro}</p>
          {guide.sections.map((s) => (
            <section key={s.id} id={s.id}>
              <h2>{s.title}</h2>
              {s.text.map((t, i) => (
                <p key={i}>{t}</p>
              ))}
              {s.items && (
                <dl>
                  {s.items.map(([name, what]) => (
                    <div key={name}>
                      <dt>{name}</dt>
                      <dd>{what}</dd>
                    </div>
                  ))}
                </dl>
              )}
              <p class="source muted small">{s.source}</p>
            </section>
          ))}
        </>
      )}
      <section id="presets">
        <h2>{tr(lang, 'presets')}</h2>
        <dl>
          {book.presets.map((p) => (
            <div key={p.name} data-preset={p.name}>
              <dt>
                {p.label[lang]}
                {p.name === book.defaultPreset && <span class="muted small"> · {tr(lang, 'standardPreset')}</span>}
              </dt>
              <dd>{p.explain[lang]}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section id="house-rules">
        <h2>{tr(lang, 'houseRules')}</h2>
        <dl>
          {book.houseRules.map((r) => (
            <div key={r.name} data-rule={r.name}>
              <dt>{r.label[lang]}</dt>
              <dd>
                {r.explain[lang]} <span class="muted small">({tr(lang, 'ruleDefault')}: {valueWords(r, lang)})</span>
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <p>
        <Link href="/" go={go}>
          {tr(lang, 'toLobby')}
        </Link>
      </p>
    </main>
  );
}

function valueWords(rule: HouseRule, lang: Lang): string {
  return ruleValueLabel(rule, rule.default, lang);
}

function Nav({ lang, go, current }: { lang: Lang; go: Go; current: string }) {
  return (
    <nav class="rules-nav" aria-label={tr(lang, 'rulesTitle')}>
      {RULES_GAMES.map((g) => (
        <Link key={g} href={rulesPath(g)} go={go} class={g === current ? 'current' : ''}>
          {replayGame(g)?.title ?? g}
        </Link>
      ))}
    </nav>
  );
}

/** A line of links, one per game: "Regeln: Schafkopf · Bauernschnapsen · …". */
function GameLinks({ cls, label, games, path, go }: { cls: string; label: string; games: readonly string[]; path: (game: string) => string; go: Go }) {
  return (
    <p class={`${cls} small`}>
      {label}:{' '}
      {games.map((g, i) => (
        <span key={g}>
          {i > 0 && ' · '}
          <Link href={path(g)} go={go}>
            {replayGame(g)?.title ?? g}
          </Link>
        </span>
      ))}
    </p>
  );
}

/** The guided first deals, one link per game that has one (the login page: learning needs no account). */
export function LearnLinks({ lang, go }: { lang: Lang; go: Go }) {
  return <GameLinks cls="learn-links" label={tr(lang, 'learnFirstDeal')} games={RULES_GAMES.filter(hasLesson)} path={lessonPath} go={go} />;
}

/** The "Rules" links of the lobby and the login page: one per game. */
export function RulesLinks({ lang, go }: { lang: Lang; go: Go }) {
  return <GameLinks cls="rules-links" label={tr(lang, 'rulesTitle')} games={RULES_GAMES} path={(g) => rulesPath(g)} go={go} />;
}
