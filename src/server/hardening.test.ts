import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeErrorBody } from '../api/codec';
import { createApp } from './app';
import { RateLimiter } from './rate-limit';
import { contentSecurityPolicy, tileSource } from './security-headers';
import { keyHash, migrate, openStore, type Store } from './store';

const q = (serviceKey: string, userKey: string): string =>
  `?serviceKey=${encodeURIComponent(serviceKey)}&userKey=${encodeURIComponent(userKey)}`;
const DEMO_Q = q('demo-service', 'demo-user');

let store: Store;
let dir: string;
const lines: string[] = [];

beforeAll(() => {
  store = openStore(':memory:', { demo: true });
  dir = mkdtempSync(join(tmpdir(), 'cellpos-hardening-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(
    join(dir, 'assets', 'index-abc123.js'),
    `console.log(${JSON.stringify('x'.repeat(5000))});\n`,
  );
});
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('security headers', () => {
  it('derives the tile source for the CSP from TILE_URL', () => {
    expect(tileSource('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://*.tile.openstreetmap.org',
    );
    expect(tileSource('https://tiles.example:8443/{z}/{x}/{y}.png')).toBe('https://tiles.example:8443');
    expect(tileSource('http://a{s}b.c.tiles.example/{z}/{x}/{y}.png')).toBe('http://*.c.tiles.example');
    expect(tileSource('https://{s}.example/{z}/{x}/{y}.png')).toBe('https:');
    expect(contentSecurityPolicy('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https://*.tile.openstreetmap.org; " +
        "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    );
  });

  it('sends them on every answer: API, errors, pages, assets, 404s, 405s and 500s', async () => {
    const broken = openStore(':memory:', { demo: true });
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
    for (const res of answers) {
      expect(res.headers.get('content-security-policy')).toContain(
        "img-src 'self' data: https://tiles.example;",
      );
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });
});

describe('rate limiting per service key', () => {
  it('lets a burst through, then answers 429 with Retry-After in the negotiated format', async () => {
    const app = createApp({ store, rateLimit: { perSecond: 1, burst: 3 } });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await app.request(`/api/cell/244/91/10038${DEMO_Q}`)).status);
    expect(statuses).toEqual([200, 200, 200]);
    const xml = await app.request(`/api/location${DEMO_Q}`);
    expect(xml.status).toBe(429);
    expect(xml.headers.get('retry-after')).toBe('1');
    expect(xml.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(decodeErrorBody(await xml.text(), xml.headers.get('content-type'))?.code).toBe('rate-limited');
    const json = await app.request(`/api/cell/244/91/10038${DEMO_Q}`, {
      headers: { Accept: 'application/json' },
    });
    expect(json.status).toBe(429);
    expect(JSON.parse(await json.text()).error.code).toBe('rate-limited');
    // Another service key has its own bucket.
    expect((await app.request(`/api/cell/244/91/10038${q('other-service', 'other-user')}`)).status).toBe(200);
  });

  it('is off when the rate is 0, and off by default', async () => {
    for (const app of [createApp({ store, rateLimit: { perSecond: 0, burst: 1 } }), createApp({ store })]) {
      const statuses = await Promise.all(
        Array.from({ length: 50 }, () =>
          Promise.resolve(app.request(`/api/cell/244/91/10038${DEMO_Q}`)).then((r) => r.status),
        ),
      );
      expect(new Set(statuses)).toEqual(new Set([200]));
    }
  });

  it('refills at the rate and forgets the least recently seen keys beyond its bound', () => {
    let now = 0;
    const limiter = new RateLimiter({ perSecond: 2, burst: 2, maxKeys: 3, now: () => now });
    expect([limiter.take('a').ok, limiter.take('a').ok, limiter.take('a')]).toEqual([
      true,
      true,
      { ok: false, retryAfterSeconds: 1 },
    ]);
    now = 500;
    expect(limiter.take('a').ok).toBe(true);
    expect(limiter.take('a').ok).toBe(false);
    for (let i = 0; i < 100; i++) limiter.take(`attacker-${i}`);
    expect(limiter.size).toBe(3);
  });

  it('limits the proxy too, before the operator is asked', async () => {
    const asked: string[] = [];
    const app = createApp({
      upstream: {
        baseUrl: 'http://operator.invalid/rest',
        timeoutMs: 1000,
        fetch: (input) => {
          asked.push(String(input));
          return Promise.resolve(new Response('<x/>', { status: 200 }));
        },
      },
      rateLimit: { perSecond: 1, burst: 1 },
    });
    expect((await app.request(`/api/location${DEMO_Q}`)).status).toBe(200);
    expect((await app.request(`/api/location${DEMO_Q}`)).status).toBe(429);
    expect(asked).toHaveLength(1);
  });
});

describe('keys', () => {
  it('looks keys up by their SHA-256 and adds the hashes to an older database', () => {
    const file = join(dir, 'upgrade.db');
    const v1 = openStore(file, { demo: true });
    v1.close();
    // Back to version 1, as a database made before the hashes: the hashes are dropped and rebuilt.
    const raw = new Database(file);
    raw.exec(`DROP INDEX service_keys_hash; DROP INDEX users_hash;
      ALTER TABLE service_keys DROP COLUMN key_hash; ALTER TABLE users DROP COLUMN key_hash;
      PRAGMA user_version = 1;`);
    expect(migrate(raw)).toBe(2);
    const row = raw.prepare('SELECT key_hash FROM users WHERE user_key = ?').get('demo-user') as {
      key_hash: Buffer;
    };
    expect(row.key_hash.equals(keyHash('demo-user'))).toBe(true);
    raw.close();
    const upgraded = openStore(file, { demo: true });
    expect(upgraded.authenticate('demo-service', 'demo-user')).toMatchObject({ userKey: 'demo-user' });
    expect(upgraded.authenticate('demo-service', 'demo-user ')).toBeUndefined();
    expect(upgraded.authenticate('demo-service', 'other-user')).toBe('mismatch');
    upgraded.close();
  });

  it('never puts a key in a log line: 200, 401, 403, 429, 400, 404, 500, and proxy failures', async () => {
    lines.length = 0;
    const secret = 'sEcReT-KeY-987';
    const log = (line: string): void => void lines.push(line);
    const app = createApp({ store, log, rateLimit: { perSecond: 1, burst: 1 } });
    const broken = openStore(':memory:', { demo: true });
    const brokenApp = createApp({ store: broken, log });
    broken.close();
    const proxy = createApp({
      upstream: {
        baseUrl: 'http://operator.invalid/rest',
        timeoutMs: 1000,
        fetch: () => Promise.reject(new Error(`connect failed for ${secret}`)),
      },
      log,
    });
    const paths = [
      `/api/location${q(secret, secret)}`,
      `/api/location${q(secret, secret)}`,
      `/api/cell/244/91/x${q(secret, secret)}`,
      `/api/nothing${q(secret, secret)}`,
      `/api/location?serviceKey=${secret}&serviceKey=${secret}`,
    ];
    for (const path of paths) await app.request(path);
    await brokenApp.request(`/api/location${q(secret, secret)}`);
    await proxy.request(`/api/location${q(secret, secret)}`);
    await proxy.request(`/api/cell/244/91/1${q(secret, secret)}`);
    expect(lines.length).toBeGreaterThanOrEqual(8);
    expect(lines.join('\n')).not.toContain(secret);
    expect(lines.join('\n')).not.toContain(encodeURIComponent(secret));
  });
});

describe('compression', () => {
  it('sends text of a kilobyte or more as brotli or gzip, and small answers as they are', async () => {
    const app = createApp({ store, staticDir: dir });
    const plain = await (await app.request('/assets/index-abc123.js')).text();
    const br = await app.request('/assets/index-abc123.js', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    const brBody = Buffer.from(await br.arrayBuffer());
    expect(brBody.length).toBeLessThan(plain.length / 10);
    expect(brotliDecompressSync(brBody).toString()).toBe(plain);
    // Served again from the cache of immutable assets.
    const again = await app.request('/assets/index-abc123.js', { headers: { 'Accept-Encoding': 'br' } });
    expect(Buffer.from(await again.arrayBuffer()).equals(brBody)).toBe(true);
    const gz = await app.request('/assets/index-abc123.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(plain);
    const small = await app.request(`/api/cell/244/91/10038${DEMO_Q}`, {
      headers: { 'Accept-Encoding': 'gzip, br' },
    });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.text()).toContain('<name>Brändö</name>');
    const none = await app.request('/assets/index-abc123.js', { headers: { 'Accept-Encoding': 'identity' } });
    expect(none.headers.get('content-encoding')).toBeNull();
  });
});

describe('hostile input', () => {
  const segment = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.constantFrom(
      '..',
      '.',
      '%00',
      '%2e%2e',
      '%E0%A4%A',
      '%',
      '%%',
      '%2F',
      '\u0000',
      '١٢٣',
      '244',
      '10038',
    ),
    fc.nat().map(String),
  );
  const key = fc.oneof(
    fc.string({ maxLength: 20 }),
    fc.string({ unit: 'binary', maxLength: 20 }),
    fc.constantFrom('x'.repeat(10_000), '%E0%A4%A', '%00', 'demo-service', '..'),
  );
  const escape = (text: string, keep: RegExp): string =>
    [...text]
      .map((ch) =>
        keep.test(ch)
          ? ch
          : [...Buffer.from(ch, 'utf8')]
              .map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`)
              .join(''),
      )
      .join('');
  // Percent signs stay as they are, so malformed escapes reach the service.
  const raw = (text: string): string => escape(text, /^[A-Za-z0-9%._~-]$/);
  const encoded = (text: string): string => escape(text, /^[A-Za-z0-9._~-]$/);

  it('answers any cell path and keys with 400, 401 or 404, never 500', async () => {
    const app = createApp({ store, staticDir: null });
    await fc.assert(
      fc.asyncProperty(
        segment,
        segment,
        segment,
        key,
        key,
        fc.boolean(),
        async (mcc, mnc, cellid, sk, uk, enc) => {
          const part = (s: string): string => (enc ? encoded(s) : raw(s));
          const url = `/api/cell/${part(mcc)}/${part(mnc)}/${part(cellid)}?serviceKey=${part(sk)}&userKey=${part(uk)}`;
          let res: Response;
          try {
            res = await app.request(url);
          } catch {
            // A URL the Request constructor refuses never reaches the service.
            return;
          }
          expect([200, 400, 401, 404], url).toContain(res.status);
          // "..", as the URL parser resolves it, may lead out of /api: the app's pages answer there.
          const api = new URL(url, 'http://x').pathname.startsWith('/api/');
          if (res.status !== 200 && api)
            expect(decodeErrorBody(await res.text(), res.headers.get('content-type'))).toBeDefined();
        },
      ),
      { numRuns: 400 },
    );
  });

  it('answers any location query with 400 or 401, never 500', async () => {
    const app = createApp({ store, staticDir: null });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom('serviceKey', 'userKey', 'x', '%'), key)),
        async (pairs) => {
          const query = pairs.map(([name, value]) => `${raw(name)}=${raw(value)}`).join('&');
          const res = await app.request(`/api/location?${query}`);
          expect([400, 401], query).toContain(res.status);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('forwards nothing but the two resources with checked paths and the two keys', async () => {
    const asked: string[] = [];
    const app = createApp({
      upstream: {
        baseUrl: 'http://operator.invalid/rest',
        timeoutMs: 1000,
        fetch: (input) => {
          asked.push(String(input));
          return Promise.resolve(
            new Response('<x/>', { status: 200, headers: { 'Content-Type': 'application/xml' } }),
          );
        },
      },
    });
    await fc.assert(
      fc.asyncProperty(
        segment,
        segment,
        segment,
        key,
        fc.string({ maxLength: 10 }),
        async (a, b, c, k, extra) => {
          const url = `/api/cell/${raw(a)}/${raw(b)}/${raw(c)}?serviceKey=${raw(k)}&userKey=u&${raw(extra)}=1`;
          const res = await Promise.resolve(app.request(url)).catch(() => undefined);
          if (res !== undefined) expect(res.status).not.toBe(500);
          await Promise.resolve(app.request(`/api/${raw(a)}/${raw(b)}`)).catch(() => undefined);
        },
      ),
      { numRuns: 300 },
    );
    for (const url of asked) {
      expect(url).toMatch(
        /^http:\/\/operator\.invalid\/rest\/cell\/\d{1,3}\/\d{1,3}\/\d{1,20}(\?serviceKey=[^&]*&userKey=u)?$/,
      );
    }
  });
});
