import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEFAULT_SETTINGS } from '../api/settings';
import { parseLocation, type LocationConfig } from './camara-consumer/settings';
import type { SourcesConfig } from './cells/sources/cell-sources';
import { SOURCE_NAMES, type SourceName } from './cells/sources/cell-source';
import { DEFAULT_GEOLOCATE_URL } from './cells/sources/geolocate';
import { DEFAULT_OPENCELLID_URL } from './cells/sources/opencellid';
import { parseTileUrl } from './platform/http/tile-url';
import { parseDatabaseUrl, parseSealKey, type DatabaseChoice } from './store/database-setting';
import { MAX_LOOKED_THROUGH } from './store/cells-in-box-port';
/** Every setting of the service. Nothing else in the service reads the environment. */
export interface Config {
  host: string;
  port: number;
  database: DatabaseChoice;
  /** Proxy mode when set: the operator's {base_url}, without a trailing slash. */
  baseUrl: string | undefined;
  timeoutMs: number;
  /** The operator's {schema_url}; the schema is fetched from `${schemaUrl}/Location`. */
  schemaUrl: string | undefined;
  /** How often the demo phone moves, in ms; 0 turns the simulator off. */
  simulateMs: number;
  demo: boolean;
  tileUrl: string;
  tileAttribution: string;
  staticDir: string;
  /** Requests per second allowed per service key on the two resources; 0 turns the limit off. */
  rateLimit: number;
  /** Requests a service key may make at once before the rate applies. */
  rateBurst: number;
  /** The Cell read's sources (CELL_SOURCES) and their settings. */
  cells: SourcesConfig;
  /** Requests one service key may cause to the live cell sources per minute (CELL_SOURCE_BUDGET); 0: no limit. */
  sourceBudget: number;
  /** The most candidates a filtered cells-in-view read looks through (CELLS_IN_VIEW_LOOK_THROUGH). */
  cellsInViewLookThrough: number;
  /** The service is reached over https through a proxy that ends TLS: answers carry HSTS. */
  behindTls: boolean;
  /** Host names (and addresses) the service answers to; any other Host header gets 421. Unset: any. */
  allowedHosts: string[] | undefined;
  /** Reverse proxies in front of the service whose X-Forwarded-For entries name the client (0: the socket's). */
  trustedProxies: number;
  /** Origins (scheme://host[:port]) whose pages may read /api: the app served from somewhere else, a CDN. */
  corsOrigins: string[];
  /** The service's public URL (PUBLIC_URL): the CAMARA operator's issuer is it and /oidc. Unset: the listener's. */
  publicUrl: string | undefined;
  /** Where the Location read's answer comes from (LOCATION_SOURCE), and a CAMARA operator's settings. */
  location: LocationConfig;
  /** The service as a CAMARA operator: unknown numbers one API consumer may try a minute on /oidc/backchannel. */
  unknownNumbers: number;
  /** The geofencing engine: ms between its rounds; s an event is retried before its subscription ends. */
  geofencingTickMs: number;
  geofencingRetrySeconds: number;
}

export const DEFAULTS = {
  host: '127.0.0.1',
  port: 8080,
  dbFile: 'data/positioning.db',
  timeoutMs: DEFAULT_SETTINGS.timeoutMs,
  simulateMs: 20_000,
  tileUrl: DEFAULT_SETTINGS.tileUrl,
  tileAttribution: DEFAULT_SETTINGS.tileAttribution,
  staticDir: 'dist',
  rateLimit: 20,
  cellCacheDays: 7,
  sourceBudget: 60,
  unknownNumbers: 10,
  cellsInViewLookThrough: MAX_LOOKED_THROUGH,
} as const;

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`${variable}: ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const fail = (variable: string, problem: string): never => {
  throw new ConfigError(variable, problem);
};
function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}
const setting = (env: Env) => (name: string) => read(env, name);

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const value = read(env, name);
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new ConfigError(name, `"${value}" is not a whole number from ${min} to ${max}`);
  }
  return Number(value);
}

function httpUrl(env: Env, name: string): string | undefined {
  const value = read(env, name);
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(name, `"${value}" is not an absolute URL (e.g. https://operator.example/iw/rest)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(name, `"${value}" must start with http:// or https://`);
  }
  if (url.search !== '' || url.hash !== '') {
    throw new ConfigError(name, 'must not carry a query string or fragment');
  }
  if (url.username !== '' || url.password !== '') {
    throw new ConfigError(name, 'must not carry a user name or password');
  }
  return value.replace(/\/+$/, '');
}

function origins(env: Env, name: string): string[] {
  const value = read(env, name);
  if (value === undefined) return [];
  return value.split(/[\s,]+/).flatMap((origin) => {
    if (origin === '') return [];
    const url = URL.parse(origin);
    if (url === null || !/^https?:$/.test(url.protocol) || url.origin !== origin.replace(/\/$/, '')) {
      throw new ConfigError(
        name,
        `"${origin}" is not an origin (scheme://host[:port], e.g. https://app.example)`,
      );
    }
    return [url.origin];
  });
}

/** Reads the working folder's `.env`, if any, into the environment (values set already win); true if read. */
export function loadEnvFile(file = '.env'): boolean {
  if (!existsSync(file)) return false;
  try {
    process.loadEnvFile(file);
  } catch (error) {
    throw new ConfigError(file, (error as Error).message);
  }
  return true;
}

/** The database file, for the admin command line, which needs no other setting. */
export function readDbFile(env: Env = process.env): string {
  return read(env, 'POSITIONING_DB') ?? DEFAULTS.dbFile;
}

/** Where the data is: PostgreSQL when DATABASE_URL is set, else the SQLite file (POSITIONING_DB). */
export function readDatabase(env: Env = process.env): DatabaseChoice {
  const [url, sealKey] = [parseDatabaseUrl(setting(env), fail), parseSealKey(setting(env), fail)];
  return { url, poolSize: integer(env, 'DATABASE_POOL_SIZE', 10, 1, 1000), file: readDbFile(env), sealKey };
}

/** OpenCelliD's address and the key its downloads take as their token, for download-opencellid. */
export function readOpenCellidDownload(env: Env = process.env): { url: string; key: string } {
  const key = read(env, 'OPENCELLID_KEY');
  if (key === undefined) {
    throw new ConfigError('OPENCELLID_KEY', 'required: your OpenCelliD key is the download token');
  }
  return { url: httpUrl(env, 'OPENCELLID_URL') ?? DEFAULT_OPENCELLID_URL, key };
}

/** PUBLIC_URL, the service's address as its clients reach it; else http://127.0.0.1 and PORT (or 8080). */
export function readPublicUrl(env: Env = process.env): string {
  return httpUrl(env, 'PUBLIC_URL') ?? `http://127.0.0.1:${integer(env, 'PORT', DEFAULTS.port, 0, 65_535)}`;
}

/** Whether an empty database gets the demo data (POSITIONING_DEMO, on unless "off"). */
export function readDemo(env: Env = process.env): boolean {
  const demo = read(env, 'POSITIONING_DEMO')?.toLowerCase() ?? 'on';
  if (demo !== 'on' && demo !== 'off')
    throw new ConfigError('POSITIONING_DEMO', `"${demo}" must be on or off`);
  return demo === 'on';
}

function onOff(env: Env, name: string): boolean {
  const value = read(env, name)?.toLowerCase() ?? 'off';
  if (value !== 'on' && value !== 'off') throw new ConfigError(name, `"${value}" must be on or off`);
  return value === 'on';
}

/** ALLOWED_HOSTS: host names (an international one as punycode) or addresses, comma-separated, without ports. */
function hostList(env: Env, name: string): string[] | undefined {
  const value = read(env, name);
  if (value === undefined) return undefined;
  return value.split(',').map((entry) => {
    const host = entry.trim();
    const problem = `"${host}" is not a host name or address (no scheme, port or path)`;
    if (!/^(?:\[[0-9a-fA-F:.]+\]|[^\s/?#@:[\]]+)$/u.test(host)) throw new ConfigError(name, problem);
    try {
      return new URL(`http://${host}`).hostname;
    } catch {
      throw new ConfigError(name, problem);
    }
  });
}

/** Reads and checks every setting; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: Env = process.env): Config {
  const demo = readDemo(env);
  let tileUrl: string;
  try {
    tileUrl = parseTileUrl(read(env, 'TILE_URL') ?? DEFAULTS.tileUrl);
  } catch (error) {
    throw new ConfigError('TILE_URL', (error as Error).message);
  }
  const simulateMs = integer(env, 'POSITIONING_SIMULATE_MS', DEFAULTS.simulateMs, 0, 86_400_000);
  if (simulateMs > 0 && simulateMs < 100) {
    throw new ConfigError('POSITIONING_SIMULATE_MS', 'must be 0 (off) or at least 100 ms');
  }
  const rateLimit = integer(env, 'POSITIONING_RATE_LIMIT', DEFAULTS.rateLimit, 0, 1_000_000);
  const rateBurst = integer(env, 'POSITIONING_RATE_BURST', Math.max(1, 2 * rateLimit), 1, 10_000_000);
  const baseUrl = httpUrl(env, 'POSITIONING_BASE_URL');
  const timeoutMs = integer(env, 'POSITIONING_TIMEOUT_MS', DEFAULTS.timeoutMs, 1, 600_000);
  return {
    host: read(env, 'HOST') ?? DEFAULTS.host,
    port: integer(env, 'PORT', DEFAULTS.port, 0, 65_535),
    database: readDatabase(env),
    baseUrl,
    timeoutMs,
    schemaUrl: httpUrl(env, 'POSITIONING_SCHEMA_URL'),
    simulateMs,
    demo,
    tileUrl,
    tileAttribution: read(env, 'TILE_ATTRIBUTION') ?? DEFAULTS.tileAttribution,
    staticDir: resolve(read(env, 'STATIC_DIR') ?? DEFAULTS.staticDir),
    rateLimit,
    rateBurst,
    cells: readCellSources(env, timeoutMs, baseUrl !== undefined),
    sourceBudget: integer(env, 'CELL_SOURCE_BUDGET', DEFAULTS.sourceBudget, 0, 1_000_000),
    cellsInViewLookThrough: integer(
      env,
      'CELLS_IN_VIEW_LOOK_THROUGH',
      DEFAULTS.cellsInViewLookThrough,
      100,
      100_000_000,
    ),
    behindTls: onOff(env, 'BEHIND_TLS'),
    allowedHosts: hostList(env, 'ALLOWED_HOSTS'),
    trustedProxies: integer(env, 'TRUSTED_PROXIES', 0, 0, 10),
    corsOrigins: origins(env, 'CORS_ORIGINS'),
    publicUrl: httpUrl(env, 'PUBLIC_URL'),
    location: parseLocation((name) => read(env, name), fail, baseUrl !== undefined),
    unknownNumbers: integer(env, 'CAMARA_OPERATOR_UNKNOWN_NUMBERS', DEFAULTS.unknownNumbers, 0, 1_000_000),
    geofencingTickMs: integer(env, 'GEOFENCING_TICK_MS', 2000, 100, 60_000),
    geofencingRetrySeconds: integer(env, 'GEOFENCING_RETRY_SECONDS', 600, 1, 604_800),
  };
}

/**
 * CELL_SOURCES and each listed source's settings. Demo mode defaults to the store, proxy mode to the operator, which
 * then comes first: it is what checks the keys before any other source is asked.
 */
function readCellSources(env: Env, timeoutMs: number, proxy: boolean): SourcesConfig {
  const listed = read(env, 'CELL_SOURCES') ?? (proxy ? 'operator' : 'store');
  const names = listed.split(',').map((name) => name.trim().toLowerCase());
  for (const name of names) {
    if (!SOURCE_NAMES.includes(name as SourceName)) {
      throw new ConfigError('CELL_SOURCES', `"${name}" is not one of ${SOURCE_NAMES.join(', ')}`);
    }
  }
  if (new Set(names).size !== names.length) throw new ConfigError('CELL_SOURCES', 'lists a source twice');
  if (names.includes('operator') && !proxy) {
    throw new ConfigError('CELL_SOURCES', 'operator needs POSITIONING_BASE_URL (proxy mode)');
  }
  if (proxy && names[0] !== 'operator') {
    throw new ConfigError('CELL_SOURCES', 'in proxy mode operator comes first: the operator checks the keys');
  }
  const config: SourcesConfig = {
    names: names as SourceName[],
    timeoutMs,
    cacheDays: integer(env, 'CELL_CACHE_DAYS', DEFAULTS.cellCacheDays, 0, 3650),
  };
  if (names.includes('opencellid')) {
    const key = read(env, 'OPENCELLID_KEY');
    if (key === undefined) {
      throw new ConfigError(
        'OPENCELLID_KEY',
        'required when CELL_SOURCES lists opencellid (a free key from https://opencellid.org, after signing up)',
      );
    }
    config.opencellid = { url: httpUrl(env, 'OPENCELLID_URL') ?? DEFAULT_OPENCELLID_URL, key };
  }
  if (names.includes('geolocate')) {
    const key = read(env, 'GEOLOCATE_KEY');
    config.geolocate = {
      url: httpUrl(env, 'GEOLOCATE_URL') ?? DEFAULT_GEOLOCATE_URL,
      ...(key !== undefined && { key }),
    };
  }
  return config;
}
