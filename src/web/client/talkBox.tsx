import type { Lang } from '../../games/present.js';
import { Talk, type ChatLine } from './chat.js';
import { tr } from './i18n.js';

/**
 * The table's talk with its line to type in: at the table below the Spielzettel, and in the waiting room, where the
 * friends a host is waiting for say that they are on their way (play-test: the waiting room had no chat, so a friend
 * who was late could not say so; the server takes chat lines in every phase).
 */
export function TalkBox({ talk, lines, table, me, lang, send }: { talk: readonly string[]; lines: readonly ChatLine[]; table: string; me: string; lang: Lang; send: (text: string) => void }) {
  return (
    <div class="talk" aria-label={tr(lang, 'chat')}>
      <Talk talk={talk} lines={lines} table={table} me={me} lang={lang} />
      <form
        class="chat"
        onSubmit={(e) => {
          e.preventDefault();
          const input = (e.currentTarget as HTMLFormElement).elements.namedItem('say') as HTMLInputElement;
          if (input.value.trim()) send(input.value.trim().slice(0, 300));
          input.value = '';
        }}
      >
        <input name="say" maxLength={300} placeholder={tr(lang, 'chat')} aria-label={tr(lang, 'chat')} autoComplete="off" />
        <button type="submit">{tr(lang, 'send')}</button>
      </form>
    </div>
  );
}
