/**
 * JSON for people: objects one member a line, but arrays of plain values
 * (and arrays of such arrays, like [seat, "action"] pairs) kept on one line.
 */
export function prettyJson(value: unknown, indent = ''): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const inner = indent + '  ';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (value.every(isFlat)) return JSON.stringify(value);
    return `[\n${value.map((v) => inner + prettyJson(v, inner)).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${prettyJson(v, inner)}`).join(',\n')}\n${indent}}`;
}

function isFlat(v: unknown): boolean {
  if (v === null || typeof v !== 'object') return true;
  return Array.isArray(v) && v.every((x) => x === null || typeof x !== 'object');
}
