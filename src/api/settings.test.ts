import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, readSettings } from './settings';

describe('readSettings', () => {
  it('reads what the service sends', () => {
    expect(
      readSettings({
        mode: 'demo',
        tileUrl: 'https://tiles.example/{z}/{x}/{y}.png',
        tileAttribution: '&copy; Example',
        timeoutMs: 3000,
        demoKeys: { serviceKey: 'demo-service', userKey: 'demo-user' },
        rateLimit: 20,
      }),
    ).toEqual({
      mode: 'demo',
      tileUrl: 'https://tiles.example/{z}/{x}/{y}.png',
      tileAttribution: '&copy; Example',
      timeoutMs: 3000,
      demoKeys: { serviceKey: 'demo-service', userKey: 'demo-user' },
      rateLimit: 20,
    });
  });

  it('falls back to OpenStreetMap and no demo keys on anything odd', () => {
    expect(readSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(readSettings('x')).toEqual(DEFAULT_SETTINGS);
    const odd = readSettings({
      mode: 'x',
      tileUrl: 'javascript:alert(1)',
      tileAttribution: 5,
      timeoutMs: 1e9,
      demoKeys: {},
      rateLimit: -1,
    });
    expect(odd).toEqual(DEFAULT_SETTINGS);
    expect(odd.demoKeys).toBeUndefined();
  });
});
