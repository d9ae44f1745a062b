import { isIP } from 'node:net';
import { DEFAULT_LIMITS } from '../server/limits.js';
import { CliError } from './play.js';

/**
 * `stich serve`'s configuration: every option from its flag or, where the
 * command line gives none, from an environment variable (a service manager's
 * or a container's way to configure). A flag always wins; an empty variable
 * counts as unset. The store is one setting: `--db` or `--pg` on the command
 * line overrides both STICH_DB and STICH_PG_URL.
 */
export const SERVE_ENVIRONMENT = {
  port: 'STICH_PORT',
  db: 'STICH_DB',
  pg: 'STICH_PG_URL',
  host: 'STICH_HOST',
  log: 'STICH_LOG',
  botWorkers: 'STICH_BOT_WORKERS',
  think: 'STICH_THINK',
  redis: 'STICH_REDIS_URL',
  redisPrefix: 'STICH_REDIS_PREFIX',
  leaseMs: 'STICH_LEASE_MS',
  clusterKey: 'STICH_CLUSTER_KEY',
  trustProxy: 'STICH_TRUST_PROXY',
  origin: 'STICH_ORIGINS',
  sessionDays: 'STICH_SESSION_DAYS',
  heartbeatMs: 'STICH_HEARTBEAT_MS',
} as const;

export type ServeKey = keyof typeof SERVE_ENVIRONMENT;

/** The options as commander parsed them: only those given on the command line are set (`--host` and `--trust-proxy` may be given without a value). */
export type ServeFlags = { readonly [K in ServeKey]?: string | boolean };

/** One option's value and where it came from: the flag (`--port`) or the variable (`STICH_PORT`), for messages. */
export interface Setting {
  readonly value: string | true;
  readonly from: string;
}

export type ServeSettings = { readonly [K in ServeKey]?: Setting };

const flagOf = (key: ServeKey) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** Merges the command line and the environment: flags first, then the variables. */
export function serveSettings(flags: ServeFlags, env: NodeJS.ProcessEnv): ServeSettings {
  const out: { [K in ServeKey]?: Setting } = {};
  const storeOnCommandLine = flags.db !== undefined || flags.pg !== undefined;
  for (const key of Object.keys(SERVE_ENVIRONMENT) as ServeKey[]) {
    const flag = flags[key];
    if (flag !== undefined && flag !== false) {
      out[key] = { value: flag, from: flagOf(key) };
      continue;
    }
    if (storeOnCommandLine && (key === 'db' || key === 'pg')) continue;
    const name = SERVE_ENVIRONMENT[key];
    const value = env[name]?.trim();
    if (value !== undefined && value !== '') out[key] = { value, from: name };
  }
  return out;
}

/** The environment without any of `stich serve`'s variables (tests start servers configured by their flags alone). */
export function withoutServeEnvironment(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const names = new Set<string>([...Object.values(SERVE_ENVIRONMENT), ...Object.values(LIMIT_ENVIRONMENT).map((v) => v.name)]);
  return Object.fromEntries(Object.entries(env).filter(([k]) => !names.has(k)));
}

/** Proxy address words of Fastify's trustProxy (proxy-addr): the loopback, link-local and unique-local ranges. */
const RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * `--trust-proxy [addresses]`: the proxies whose X-Forwarded-For header names the client's address. Without a value:
 * `loopback` (nginx or Caddy on the same machine). Otherwise a comma-separated list of addresses, CIDR ranges
 * (10.0.0.0/8) and the words loopback, linklocal, uniquelocal.
 */
export function parseTrustProxy(setting: Setting | undefined): string[] | undefined {
  if (setting === undefined) return undefined;
  if (setting.value === true) return ['loopback'];
  const items = setting.value.split(',').map((s) => s.trim());
  for (const item of items) {
    const [address, bits, ...rest] = item.split('/');
    const family = isIP(address);
    const okBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (RANGES.has(item) || (family !== 0 && okBits && rest.length === 0)) continue;
    throw new CliError(
      `${setting.from} takes proxy addresses separated by commas (127.0.0.1, 10.0.0.0/8, ::1, or the words loopback, linklocal, uniquelocal), not ${JSON.stringify(item.slice(0, 60))}`,
    );
  }
  return items;
}

/** The WebSocket heartbeat's bounds (ms): a ping a second at most, and a socket gone without a word noticed within ten minutes. */
export const HEARTBEAT_RANGE = [1000, 300_000] as const;

/**
 * `--heartbeat-ms MS`: how often the server pings every socket (`heartbeatMs` in src/server/limits.ts; its `hello`
 * tells the client, which pings as often). A whole number of milliseconds from 1000 to 300000; undefined: the default.
 */
export function parseHeartbeatMs(setting: Setting | undefined): number | undefined {
  if (setting === undefined) return undefined;
  const text = setting.value === true ? '' : setting.value;
  const [low, high] = HEARTBEAT_RANGE;
  const ms = Number(text);
  if (!/^\d{1,9}$/.test(text) || ms < low || ms > high) {
    throw new CliError(`${setting.from} is how often the server pings every socket, in milliseconds: a whole number from ${low} to ${high} (default ${DEFAULT_LIMITS.heartbeatMs}), not ${JSON.stringify(text.slice(0, 40))}`);
  }
  return ms;
}

/**
 * The lobby's limits (docs/security.md), from the environment only: a whole number each, 0 for no limit
 * (times: 0 is not allowed). Unset variables keep the server's defaults.
 */
export const LIMIT_ENVIRONMENT = {
  waitingTablesPerUser: { name: 'STICH_WAITING_TABLES', scale: 1, zero: true },
  botTablesPerUser: { name: 'STICH_BOT_TABLES', scale: 1, zero: true },
  botTables: { name: 'STICH_BOT_TABLES_PER_PROCESS', scale: 1, zero: true },
  tablesPerMinute: { name: 'STICH_TABLES_PER_MINUTE', scale: 1, zero: true },
  tablesPerMinutePerAddress: { name: 'STICH_TABLES_PER_MINUTE_PER_ADDRESS', scale: 1, zero: true },
  guestsPerHour: { name: 'STICH_GUESTS_PER_HOUR', scale: 1, zero: true },
  accountsPerHour: { name: 'STICH_ACCOUNTS_PER_HOUR', scale: 1, zero: true },
  waitingExpiryMs: { name: 'STICH_WAITING_EXPIRY_SECONDS', scale: 1000, zero: false },
  waitingSeatMs: { name: 'STICH_WAITING_SEAT_SECONDS', scale: 1000, zero: true },
  finishedLingerMs: { name: 'STICH_FINISHED_LINGER_SECONDS', scale: 1000, zero: false },
  finishedTables: { name: 'STICH_FINISHED_TABLES', scale: 1, zero: false },
} as const;

export type LimitKey = keyof typeof LIMIT_ENVIRONMENT;

export function limitsFromEnvironment(env: NodeJS.ProcessEnv): { [K in LimitKey]?: number } {
  const out: { [K in LimitKey]?: number } = {};
  for (const key of Object.keys(LIMIT_ENVIRONMENT) as LimitKey[]) {
    const { name, scale, zero } = LIMIT_ENVIRONMENT[key];
    const text = env[name]?.trim();
    if (text === undefined || text === '') continue;
    if (!/^\d{1,9}$/.test(text) || (!zero && Number(text) === 0)) throw new CliError(`${name} must be a whole number${zero ? ' (0: no limit)' : scale === 1 ? ', at least 1' : ' of seconds, at least 1'}, not ${JSON.stringify(text.slice(0, 40))}`);
    out[key] = Number(text) * scale;
  }
  return out;
}
