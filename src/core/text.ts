/** Longest excerpt of outside input that an error message quotes. */
export const EXCERPT_LENGTH = 40;

/**
 * Outside input as an error message quotes it: in double quotes, control
 * characters escaped, cut to `max` characters with "…". A 50 MB name or
 * action is never echoed in full.
 */
export function quote(input: unknown, max = EXCERPT_LENGTH): string {
  const text = typeof input === 'string' ? input : typeof input === 'number' || typeof input === 'boolean' || input === null || input === undefined ? String(input) : Object.prototype.toString.call(input);
  const cut = text.length > max ? text.slice(0, max) + '…' : text;
  return JSON.stringify(cut);
}

/**
 * A JSON value as an error message shows it: compact, cut to `max`
 * characters, never recursing deeper than a few levels.
 */
export function excerptJson(value: unknown, max = 120): string {
  const out: string[] = [];
  let length = 0;
  const push = (s: string): boolean => {
    out.push(s);
    length += s.length;
    return length < max;
  };
  const walk = (v: unknown, depth: number): boolean => {
    if (v === null || typeof v !== 'object') return push(typeof v === 'string' ? JSON.stringify(v.length > max ? v.slice(0, max) : v) : String(JSON.stringify(v) ?? 'undefined'));
    if (depth > 8) return push('…');
    if (Array.isArray(v)) {
      if (!push('[')) return false;
      for (let i = 0; i < v.length; i++) if ((i > 0 && !push(',')) || !walk(v[i], depth + 1)) return false;
      return push(']');
    }
    if (!push('{')) return false;
    let first = true;
    for (const [k, x] of Object.entries(v as object)) {
      if (x === undefined) continue;
      if ((!first && !push(',')) || !push(JSON.stringify(k) + ':') || !walk(x, depth + 1)) return false;
      first = false;
    }
    return push('}');
  };
  const complete = walk(value, 0);
  const text = out.join('');
  return complete && text.length <= max ? text : text.slice(0, max) + '…';
}
