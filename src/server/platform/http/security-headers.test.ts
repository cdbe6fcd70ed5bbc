import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { openDemoStore } from '../../admin/demo-data';
import { tileSource } from './security-headers';
import type { Store } from '../../store/sqlite/open';
import { tempDir } from '../../testing/temp-dir';

const q = (serviceKey: string, userKey: string): string =>
  `?serviceKey=${encodeURIComponent(serviceKey)}&userKey=${encodeURIComponent(userKey)}`;
const DEMO_Q = q('demo-service', 'demo-user');

let store: Store;
const dir = tempDir('headers');

beforeAll(() => {
  store = openDemoStore(':memory:');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1);\n');
});
afterAll(() => store.close());

describe('security headers', () => {
  it('derives the tile source for the CSP from TILE_URL', async () => {
    expect(tileSource('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://*.tile.openstreetmap.org',
    );
    expect(tileSource('https://tiles.example:8443/{z}/{x}/{y}.png')).toBe('https://tiles.example:8443');
    expect(tileSource('http://a{s}b.c.tiles.example/{z}/{x}/{y}.png')).toBe('http://*.c.tiles.example');
    expect(tileSource('https://{s}.example/{z}/{x}/{y}.png')).toBe('https:');
    const osm = createApp({
      store,
      staticDir: dir,
      tileUrl: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
    });
    const res = await osm.request('/');
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https://*.tile.openstreetmap.org; " +
        "connect-src 'self' https://*.tile.openstreetmap.org; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    );
  });

  it('sends them on every answer: API, errors, pages, assets, 404s, 405s and 500s', async () => {
    const broken = openDemoStore(':memory:');
    const tileUrl = 'https://tiles.example/{z}/{x}/{y}.png';
    const brokenApp = createApp({ store: broken, staticDir: dir, tileUrl });
    broken.close();
    const app = createApp({ store, staticDir: dir, tileUrl });
    const answers = await Promise.all([
      app.request(`/api/cell/244/91/10038${DEMO_Q}`),
      app.request('/api/location'),
      app.request('/api/nothing'),
      app.request('/api/location', { method: 'POST' }),
      app.request('/'),
      app.request('/cell/244/91/10038'),
      app.request('/assets/index-abc123.js'),
      app.request('/assets/missing-1.js'),
      app.request('/api/health'),
      brokenApp.request(`/api/location${DEMO_Q}`),
    ]);
    expect(answers.map((res) => res.status)).toEqual([200, 401, 404, 405, 200, 200, 200, 404, 200, 500]);
    for (const [index, res] of answers.entries()) {
      const api = [0, 1, 2, 3, 8, 9].includes(index);
      // API answers are data: opened as a page, they run nothing.
      expect(res.headers.get('content-security-policy')).toBe(
        api
          ? "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; sandbox"
          : "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https://tiles.example; " +
              "connect-src 'self' https://tiles.example; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
      );
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });
});
