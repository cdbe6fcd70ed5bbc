import { describe, expect, it } from 'vitest';
import { serviceEnv, settingsFromArgs } from './service-env.mjs';

describe('serviceEnv', () => {
  const developer = {
    PATH: '/usr/bin',
    HOME: '/home/dev',
    LANG: 'fi_FI.UTF-8',
    LC_ALL: 'C',
    TMPDIR: '/tmp/dev',
    NODE_OPTIONS: '--max-old-space-size=512',
    CELL_SOURCES: 'opencellid',
    OPENCELLID_KEY: 'pk.secret',
    OPENCELLID_URL: 'https://opencellid.example',
    GEOLOCATE_URL: 'https://geolocate.example',
    GEOLOCATE_KEY: 'secret',
    TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png',
    TILE_ATTRIBUTION: 'Mine',
    ALLOWED_HOSTS: 'cellpos.example',
    TRUSTED_PROXIES: '1',
    BEHIND_TLS: 'on',
    CORS_ORIGINS: 'https://app.example',
    POSITIONING_BASE_URL: 'https://operator.example',
    POSITIONING_RATE_LIMIT: '1',
    POSITIONING_DB: '/var/lib/cellpos/positioning.db',
    CELL_CACHE_DAYS: '1',
    STATIC_DIR: '/srv/app',
    HOST: '0.0.0.0',
    PORT: '8080',
    SOME_FUTURE_SETTING: 'x',
  };

  it("keeps what any program needs and none of a developer's service settings", () => {
    expect(serviceEnv(developer, {})).toEqual({
      PATH: '/usr/bin',
      HOME: '/home/dev',
      LANG: 'fi_FI.UTF-8',
      LC_ALL: 'C',
      TMPDIR: '/tmp/dev',
      NODE_OPTIONS: '--max-old-space-size=512',
    });
  });

  it('puts the given settings on top', () => {
    const env = serviceEnv(developer, { PORT: '5199', TILE_URL: 'http://127.0.0.1:1/{z}/{x}/{y}.png' });
    expect(env.PORT).toBe('5199');
    expect(env.TILE_URL).toBe('http://127.0.0.1:1/{z}/{x}/{y}.png');
    expect(env.CELL_SOURCES).toBeUndefined();
  });
});

describe('settingsFromArgs', () => {
  it('reads NAME=value, the value as it is', () => {
    expect(
      settingsFromArgs(['CELL_SOURCES=store,opencellid', 'TILE_URL=http://h/{z}?a=b', 'EMPTY=']),
    ).toEqual({
      CELL_SOURCES: 'store,opencellid',
      TILE_URL: 'http://h/{z}?a=b',
      EMPTY: '',
    });
  });

  it('refuses anything else, naming it', () => {
    expect(() => settingsFromArgs(['--port', '5199'])).toThrow('"--port" is not a setting (NAME=value)');
    expect(() => settingsFromArgs(['tile_url=x'])).toThrow(/"tile_url=x"/);
  });
});
