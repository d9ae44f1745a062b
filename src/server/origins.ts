import type { FastifyRequest } from 'fastify';

/**
 * The Origin check of the WebSocket (docs/security.md, "Sessions, tickets and
 * origins"): a browser sends its cookie with every upgrade, whatever page opened
 * it, so an upgrade authenticated by the cookie is taken only from an allowed
 * origin. `allowed` is the list of `--origin` / STICH_ORIGINS (scheme, host and
 * port, as browsers send them: https://stich.example); without one, an origin
 * whose host (and port) is the request's Host.
 */
export function originAllowed(req: FastifyRequest, allowed: readonly string[] | undefined): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true; // not a browser: nothing sent the cookie behind its back
  if (allowed && allowed.length > 0) return allowed.includes(origin.toLowerCase().replace(/\/$/, ''));
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  return host !== '' && host === (req.headers.host ?? '').toLowerCase();
}

/** `--origin` / STICH_ORIGINS: origins separated by commas, each scheme://host[:port]; refused with a message if malformed. */
export function parseOrigins(value: string): string[] | string {
  const out: string[] = [];
  for (const item of value.split(',').map((s) => s.trim()).filter((s) => s !== '')) {
    let url: URL;
    try {
      url = new URL(item);
    } catch {
      return `an origin is scheme://host[:port] (https://stich.example), not ${JSON.stringify(item.slice(0, 80))}`;
    }
    if (!['http:', 'https:'].includes(url.protocol) || url.pathname !== '/' || url.search || url.hash || url.username) {
      return `an origin is scheme://host[:port] (https://stich.example) without a path, not ${JSON.stringify(item.slice(0, 80))}`;
    }
    out.push(url.origin);
  }
  return out.length > 0 ? out : 'name at least one origin';
}
