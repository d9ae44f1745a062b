import { describe, expect, it } from 'vitest';
import { caseFold, checkName, checkNewName, nameKey, nameSkeleton } from './names.js';

describe('checkName', () => {
  it('takes ordinary names of every script, in NFC', () => {
    for (const n of ['Resi', 'Xaver Huber', 'Zoë', 'Ōtsuka', 'Βασίλης', 'Дмитрий', '김민수', 'O\'Brien-Schmidt', 'Spieler #1', '♣ König']) {
      expect(checkName(n)).toEqual({ ok: true, name: n.normalize('NFC') });
    }
    // NFD in, NFC out: "é" as e + combining acute becomes one code point.
    const nfd = 'Re\u0301si';
    expect(checkName(nfd)).toEqual({ ok: true, name: 'R\u00e9si' });
  });

  it('refuses control and format characters, other spaces, and private or unassigned code points, naming the character', () => {
    const refused: [string, RegExp][] = [
      ['Re\u0000si', /control characters \(U\+0000\)/],
      ['Resi\u0007', /control/],
      ['Re\u200bsi', /invisible formatting.*U\+200B/],
      ['Resi\u200f', /invisible formatting.*U\+200F/],
      ['\u202eResi', /invisible formatting.*U\+202E/],
      ['Re\u00adsi', /invisible formatting.*U\+00AD/],
      ['Re\ufeffsi', /invisible formatting/],
      ['Re\u00a0si', /spaces but the plain one/],
      ['Re\u2028si', /spaces but the plain one/],
      ['Re\ue000si', /private-use/],
      ['Re\u{50000}si', /unassigned/],
      [' Resi', /starts nor ends with a space/],
      ['Re  si', /two spaces/],
      ['\u0301Resi', /combining mark/],
      ['Re\u0301\u0302\u0303\u0304\u0308si', /at most 3 combining marks/],
      ['', /at least one/],
      ['x'.repeat(41), /at most 40/],
    ];
    for (const [name, reason] of refused) {
      const c = checkName(name);
      expect(c.ok, JSON.stringify(name)).toBe(false);
      if (!c.ok) expect(c.reason).toMatch(reason);
    }
    expect(checkName(42).ok).toBe(false);
  });

  it('a name taken now does not end in "(bot)", which marks the computer players; one taken before still logs in', () => {
    for (const name of ['Sepp (bot)', 'Sepp(BOT)', 'Resi ( Bot )', '(bot)']) {
      const c = checkNewName(name);
      expect(c.ok, name).toBe(false);
      if (!c.ok) expect(c.reason).toMatch(/does not end in "\(bot\)"/);
      expect(checkName(name).ok, name).toBe(true);
    }
    for (const name of ['Botschafter', 'Sepp (bot) der Echte', 'Robot', 'bot']) expect(checkNewName(name).ok, name).toBe(true);
  });
});

describe('caseFold and nameKey', () => {
  it('folds fully, beyond ASCII, unlike lower()', () => {
    expect(nameKey('STRASSE')).toBe('strasse');
    expect(nameKey('Straße')).toBe('strasse');
    expect(nameKey('STRAẞE')).toBe('strasse');
    expect(nameKey('ΟΔΟΣ')).toBe(nameKey('οδος'));
    expect(nameKey('ὈΔΥΣΣΕΎΣ')).toBe(nameKey('ὀδυσσεύς'));
    expect(nameKey('ÄRGER')).toBe('ärger');
    expect(nameKey('ﬀ')).toBe('ff');
    expect(caseFold('ᾳ')).toBe('αι');
    // Cherokee folds to one form, whichever case is given.
    expect(nameKey('Ꭰ')).toBe(nameKey('ꭰ'));
    // NFD and NFC of one name have one key.
    expect(nameKey('Re\u0301si')).toBe(nameKey('RÉSI'));
  });

  it('keeps apart what differs', () => {
    expect(nameKey('Resi')).not.toBe(nameKey('Rosi'));
    expect(nameKey('Müller')).not.toBe(nameKey('Muller'));
  });
});

describe('nameSkeleton (UTS #39)', () => {
  it('puts look-alikes together: Cyrillic and Greek letters, full-width letters, digits for letters, I for l', () => {
    const resi = nameSkeleton('Resi');
    expect(nameSkeleton('Rеsi')).toBe(resi); // Cyrillic е
    expect(nameSkeleton('Ｒｅｓｉ')).toBe(resi); // full-width
    expect(nameSkeleton('ReSi')).toBe(resi);
    // In capitals the I looks like an l: RESI looks like RЕSI (Cyrillic Е), not like Resi (which has its key).
    expect(nameSkeleton('RЕSI')).toBe(nameSkeleton('RESI'));
    expect(nameSkeleton('Rеѕі')).toBe(resi); // Cyrillic е, ѕ, і
    expect(nameSkeleton('Paul')).toBe(nameSkeleton('PauI'));
    expect(nameSkeleton('Bernd')).toBe(nameSkeleton('Bemd')); // r n looks like m
    expect(nameSkeleton('Otto')).toBe(nameSkeleton('0tto'));
    expect(nameSkeleton('Αnnа')).toBe(nameSkeleton('Anna')); // Greek Α, Cyrillic а
  });

  it('keeps apart names that do not look alike', () => {
    expect(nameSkeleton('Resi')).not.toBe(nameSkeleton('Rosi'));
    expect(nameSkeleton('Müller')).not.toBe(nameSkeleton('Muller'));
  });
});
