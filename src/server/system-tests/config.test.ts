import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULTS, loadConfig, loadEnvFile, readPublicUrl } from '../config';
import { tempDir } from '../testing/temp-dir';

describe('config', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      host: '127.0.0.1',
      port: 8080,
      database: { url: undefined, poolSize: 10, file: 'data/positioning.db' },
      baseUrl: undefined,
      timeoutMs: 10_000,
      schemaUrl: undefined,
      simulateMs: 20_000,
      demo: true,
      tileUrl: DEFAULTS.tileUrl,
      tileAttribution: DEFAULTS.tileAttribution,
      staticDir: resolve('dist'),
      rateLimit: 20,
      rateBurst: 40,
      cells: { names: ['store'], timeoutMs: 10_000, cacheDays: 7 },
      sourceBudget: 60,
      cellsInViewLookThrough: 250_000,
      behindTls: false,
      allowedHosts: undefined,
      trustedProxies: 0,
      corsOrigins: [],
      location: { source: 'store' },
      unknownNumbers: 10,
      geofencingTickMs: 2000,
      geofencingRetrySeconds: 600,
    });
  });

  it('reads DATABASE_URL and DATABASE_POOL_SIZE, and names either when it is wrong', () => {
    expect(
      loadConfig({
        DATABASE_URL: 'postgres://cellpos:secret@db.example:5432/cellpos',
        DATABASE_POOL_SIZE: '4',
      }),
    ).toMatchObject({
      database: { url: 'postgres://cellpos:secret@db.example:5432/cellpos', poolSize: 4 },
    });
    for (const [env, message] of [
      [{ DATABASE_URL: 'cellpos' }, /^DATABASE_URL: is not a URL/],
      [{ DATABASE_URL: 'mysql://db/cellpos' }, /^DATABASE_URL: must start with postgres:\/\//],
      [{ DATABASE_URL: 'postgres://db.example' }, /^DATABASE_URL: names no database/],
      [{ DATABASE_POOL_SIZE: '0' }, /^DATABASE_POOL_SIZE: "0" is not a whole number from 1 to 1000/],
    ] as const) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(message);
    }
  });

  it('reads STORE_SEAL_KEY, the secret sealed secrets are kept under, and refuses a short one', () => {
    const secret = 'x'.repeat(32);
    expect(loadConfig({ STORE_SEAL_KEY: secret }).database.sealKey).toBe(secret);
    expect(() => loadConfig({ STORE_SEAL_KEY: 'short' })).toThrow(/^STORE_SEAL_KEY: at least 32 characters/);
  });

  it('reads where the Location read’s answer comes from, and a CAMARA operator’s settings', () => {
    expect(loadConfig({ POSITIONING_BASE_URL: 'https://op.example' }).location).toEqual({
      source: 'operator',
    });
    expect(
      loadConfig({
        LOCATION_SOURCE: 'camara',
        CAMARA_ISSUER: 'https://operator.example/oidc',
        CAMARA_API_ROOT: 'https://api.operator.example/camara',
        CAMARA_CLIENT_ID: 'cellpos',
        CAMARA_PRIVATE_KEY: '/etc/cellpos/camara.pem',
      }).location,
    ).toEqual({
      source: 'camara',
      camara: {
        issuer: 'https://operator.example/oidc',
        apiRoot: 'https://api.operator.example/camara',
        clientId: 'cellpos',
        privateKeyFile: '/etc/cellpos/camara.pem',
        purpose: 'dpv:RequestedServiceProvision',
      },
    });
  });

  it('keeps the CAMARA consumer’s tokens in PostgreSQL when DATABASE_URL is set, for every replica to share', () => {
    expect(
      loadConfig({
        LOCATION_SOURCE: 'camara',
        CAMARA_ISSUER: 'https://operator.example/oidc',
        CAMARA_API_ROOT: 'https://api.operator.example/camara',
        CAMARA_CLIENT_ID: 'cellpos',
        CAMARA_PRIVATE_KEY: '/etc/cellpos/camara.pem',
        DATABASE_URL: 'postgres://cellpos@db.example/cellpos',
      }),
    ).toMatchObject({
      database: { url: 'postgres://cellpos@db.example/cellpos' },
      location: { source: 'camara', camara: { issuer: 'https://operator.example/oidc' } },
    });
  });

  it.each([
    [{ LOCATION_SOURCE: 'operator' }, 'LOCATION_SOURCE: operator needs POSITIONING_BASE_URL'],
    [
      { LOCATION_SOURCE: 'store', POSITIONING_BASE_URL: 'https://op.example' },
      'LOCATION_SOURCE: store answers',
    ],
    [
      { LOCATION_SOURCE: 'camara', POSITIONING_BASE_URL: 'https://op.example' },
      'LOCATION_SOURCE: camara answers',
    ],
    [{ LOCATION_SOURCE: 'camara' }, 'CAMARA_ISSUER: required with LOCATION_SOURCE=camara'],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('uses OpenStreetMap’s one tile host, not the {s} subdomains it has retired', () => {
    expect(DEFAULTS.tileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
  });

  it('reads CORS_ORIGINS as origins separated by commas or spaces', () => {
    expect(
      loadConfig({ CORS_ORIGINS: 'https://app.example, http://127.0.0.1:5173  https://cdn.example/' }),
    ).toMatchObject({
      corsOrigins: ['https://app.example', 'http://127.0.0.1:5173', 'https://cdn.example'],
    });
  });

  it('reads the rate limit: 0 turns it off, the burst defaults to twice the rate', () => {
    expect(loadConfig({ POSITIONING_RATE_LIMIT: '5' })).toMatchObject({ rateLimit: 5, rateBurst: 10 });
    expect(loadConfig({ POSITIONING_RATE_LIMIT: '0' })).toMatchObject({ rateLimit: 0 });
    expect(loadConfig({ POSITIONING_RATE_LIMIT: '5', POSITIONING_RATE_BURST: '7' })).toMatchObject({
      rateLimit: 5,
      rateBurst: 7,
    });
  });

  it('reads how long a geofencing event is retried before its subscription ends', () => {
    expect(loadConfig({ GEOFENCING_RETRY_SECONDS: '30' }).geofencingRetrySeconds).toBe(30);
    expect(() => loadConfig({ GEOFENCING_RETRY_SECONDS: '0' })).toThrow(/GEOFENCING_RETRY_SECONDS/);
    expect(loadConfig({ GEOFENCING_TICK_MS: '500' }).geofencingTickMs).toBe(500);
    expect(() => loadConfig({ GEOFENCING_TICK_MS: '50' })).toThrow(/GEOFENCING_TICK_MS/);
    expect(() => loadConfig({ GEOFENCING_TICK_MS: '2s' })).toThrow(/GEOFENCING_TICK_MS/);
  });

  it("reads the live sources' budget per service key: a minute's requests, 0 for none", () => {
    expect(loadConfig({ CELL_SOURCE_BUDGET: '0' })).toMatchObject({ sourceBudget: 0 });
    expect(() => loadConfig({ CELL_SOURCE_BUDGET: 'many' })).toThrow(/CELL_SOURCE_BUDGET/);
    expect(loadConfig({ CAMARA_OPERATOR_UNKNOWN_NUMBERS: '0' }).unknownNumbers).toBe(0);
    expect(() => loadConfig({ CAMARA_OPERATOR_UNKNOWN_NUMBERS: '-1' })).toThrow(
      /CAMARA_OPERATOR_UNKNOWN_NUMBERS/,
    );
  });

  it('reads every setting', () => {
    const config = loadConfig({
      HOST: '0.0.0.0',
      PORT: '9000',
      POSITIONING_DB: '/tmp/x.db',
      POSITIONING_BASE_URL: 'https://operator.example/iw/rest/',
      POSITIONING_TIMEOUT_MS: '2500',
      POSITIONING_SCHEMA_URL: 'https://operator.example/schema',
      POSITIONING_SIMULATE_MS: '0',
      POSITIONING_DEMO: 'OFF',
      TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png',
      TILE_ATTRIBUTION: 'Tiles',
      STATIC_DIR: '/srv/app',
    });
    expect(config).toMatchObject({
      host: '0.0.0.0',
      port: 9000,
      database: { file: '/tmp/x.db' },
      baseUrl: 'https://operator.example/iw/rest',
      timeoutMs: 2500,
      schemaUrl: 'https://operator.example/schema',
      simulateMs: 0,
      demo: false,
      tileUrl: 'https://tiles.example/{z}/{x}/{y}.png',
      tileAttribution: 'Tiles',
      staticDir: '/srv/app',
    });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['POSITIONING_TIMEOUT_MS', '0'],
    ['POSITIONING_TIMEOUT_MS', '1.5'],
    ['POSITIONING_SIMULATE_MS', '-1'],
    ['POSITIONING_SIMULATE_MS', '5'],
    ['POSITIONING_DEMO', 'yes'],
    ['POSITIONING_BASE_URL', 'operator.example'],
    ['POSITIONING_BASE_URL', 'ftp://operator.example'],
    ['POSITIONING_BASE_URL', 'https://operator.example/?a=1'],
    ['POSITIONING_SCHEMA_URL', 'not a url'],
    ['TILE_URL', 'https://tiles.example/tile.png'],
    ['POSITIONING_RATE_LIMIT', '-1'],
    ['POSITIONING_RATE_LIMIT', 'lots'],
    ['POSITIONING_RATE_BURST', '0'],
    ['CORS_ORIGINS', '*'],
    ['CORS_ORIGINS', 'app.example'],
    ['CORS_ORIGINS', 'https://app.example/path'],
    ['CORS_ORIGINS', 'ftp://app.example'],
    ['PUBLIC_URL', 'cellpos.example'],
    ['PUBLIC_URL', 'https://user:pass@cellpos.example'],
    ['PUBLIC_URL', 'https://cellpos.example/?x=1'],
  ])('refuses %s=%s, naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^${name}: `));
  });

  it('reads PUBLIC_URL, the CAMARA operator’s base: unset, the listener’s address', () => {
    expect(loadConfig({}).publicUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: 'https://cellpos.example/base/' }).publicUrl).toBe(
      'https://cellpos.example/base',
    );
    expect(readPublicUrl({ PORT: '9000' })).toBe('http://127.0.0.1:9000');
    expect(readPublicUrl({ PUBLIC_URL: 'https://cellpos.example' })).toBe('https://cellpos.example');
  });

  it('asks the operator alone in proxy mode by default', () => {
    expect(loadConfig({ POSITIONING_BASE_URL: 'https://op.example' }).cells).toEqual({
      names: ['operator'],
      timeoutMs: 10_000,
      cacheDays: 7,
    });
  });

  it('reads the cell sources and their settings, with the documented defaults', () => {
    const config = loadConfig({
      CELL_SOURCES: ' store, OpenCelliD ,geolocate',
      OPENCELLID_KEY: 'pk.123',
      CELL_CACHE_DAYS: '30',
      POSITIONING_TIMEOUT_MS: '4000',
    });
    expect(config.cells).toEqual({
      names: ['store', 'opencellid', 'geolocate'],
      timeoutMs: 4000,
      cacheDays: 30,
      opencellid: { url: 'https://opencellid.org', key: 'pk.123' },
      geolocate: { url: 'https://api.beacondb.net/v1/geolocate' },
    });
    expect(
      loadConfig({
        CELL_SOURCES: 'geolocate',
        GEOLOCATE_URL: 'https://www.googleapis.com/geolocation/v1/geolocate',
        GEOLOCATE_KEY: 'AIza-x',
      }).cells.geolocate,
    ).toEqual({ url: 'https://www.googleapis.com/geolocation/v1/geolocate', key: 'AIza-x' });
    expect(
      loadConfig({
        POSITIONING_BASE_URL: 'https://op.example',
        CELL_SOURCES: 'operator,opencellid',
        OPENCELLID_KEY: 'k',
        OPENCELLID_URL: 'http://127.0.0.1:9/ocid/',
      }).cells.opencellid,
    ).toEqual({ url: 'http://127.0.0.1:9/ocid', key: 'k' });
  });

  it.each<[Record<string, string>, string]>([
    [{ CELL_SOURCES: 'opencellid' }, 'OPENCELLID_KEY: required when CELL_SOURCES lists opencellid'],
    [
      { CELL_SOURCES: 'store,mls' },
      'CELL_SOURCES: "mls" is not one of store, operator, opencellid, geolocate',
    ],
    [{ CELL_SOURCES: 'store,store' }, 'CELL_SOURCES: lists a source twice'],
    [{ CELL_SOURCES: 'store,operator' }, 'CELL_SOURCES: operator needs POSITIONING_BASE_URL'],
    [
      { CELL_SOURCES: 'store,operator', POSITIONING_BASE_URL: 'https://op.example' },
      'CELL_SOURCES: in proxy mode',
    ],
    [{ CELL_SOURCES: ',' }, 'CELL_SOURCES: "" is not one of'],
    [{ CELL_CACHE_DAYS: 'a week' }, 'CELL_CACHE_DAYS: '],
    [{ CELL_SOURCES: 'geolocate', GEOLOCATE_URL: 'api.beacondb.net' }, 'GEOLOCATE_URL: '],
    [
      { CELL_SOURCES: 'opencellid', OPENCELLID_KEY: 'k', OPENCELLID_URL: 'https://x/?k=1' },
      'OPENCELLID_URL: ',
    ],
  ])('refuses %o, naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('.env', () => {
  const dir = tempDir('env');
  it('is read into the environment when there is one, and what the environment holds wins', () => {
    const file = join(dir, '.env');
    writeFileSync(file, 'CELLPOS_TEST_FROM_FILE=file\nCELLPOS_TEST_SET=file\n');
    process.env.CELLPOS_TEST_SET = 'environment';
    try {
      expect(loadEnvFile(join(dir, 'missing.env'))).toBe(false);
      expect(process.env.CELLPOS_TEST_FROM_FILE).toBeUndefined();
      expect(loadEnvFile(file)).toBe(true);
      expect(process.env.CELLPOS_TEST_FROM_FILE).toBe('file');
      expect(process.env.CELLPOS_TEST_SET).toBe('environment');
    } finally {
      delete process.env.CELLPOS_TEST_FROM_FILE;
      delete process.env.CELLPOS_TEST_SET;
    }
  });
});
