/**
 * What a chat line may not hold (docs/security.md, "Names" and the chat): a control character (NUL, BEL, a line
 * break: the browser's field sends one line), a direction override or isolate that reverses what follows it in the
 * line, or nothing visible at all (spaces, zero-width characters). Names refuse these and more; a chat line is free text
 * otherwise. Returns the reason, or undefined for a line that may be said.
 */
export function chatProblem(text: string): string | undefined {
  const control = /\p{Cc}/u.exec(text);
  if (control) return `a chat line holds no control character (${codePoint(control[0])})`;
  const direction = /[\u202A-\u202E\u2066-\u2069]/u.exec(text);
  if (direction) return `a chat line holds no direction override (${codePoint(direction[0])}): it would turn round what follows it`;
  if (/^[\s\p{Cf}]*$/u.test(text)) return 'a chat line says something visible';
  return undefined;
}

const codePoint = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
