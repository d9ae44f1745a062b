import type { Lang } from '../../games/present.js';
import type { PublicSettings } from '../../server/protocol.js';
import { rulesPath } from './rules.js';
import { tableTerms } from './terms.js';

/**
 * The table's rules and setup in two lines (terms.ts), for everyone at the table: in the waiting room, before anyone
 * is bound by them, and in the Spielzettel while they play. The rules link to the game's rules page, where each house
 * rule is explained by the name written here.
 */
export function TableTermsBox({ game, rules, settings, lang }: { game: string; rules: unknown; settings: PublicSettings; lang: Lang }) {
  const t = tableTerms(game, rules, settings, lang);
  return (
    <div class="terms" data-terms="">
      {t.rules && (
        <p>
          <a href={rulesPath(game, 'house-rules')} target="_blank" rel="noopener">
            {lang === 'de' ? 'Regeln dieses Tisches' : "This table's rules"}
          </a>
          : <span class="terms-rules">{t.rules}</span>
        </p>
      )}
      <p class="terms-setup">{t.setup}</p>
    </div>
  );
}
