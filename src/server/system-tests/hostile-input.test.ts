import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeErrorBody } from '../../api/codec';
import { createApp } from '../app';
import { demoStore } from '../testing/temp-stores';
import { fakeOperator } from '../testing/fake-operator';

const store = demoStore();

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
  const cellPath = fc.tuple(segment, segment, segment);
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
      fc.asyncProperty(cellPath, key, key, fc.boolean(), async ([mcc, mnc, cellid], sk, uk, enc) => {
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
      }),
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
    const { upstream, asked } = fakeOperator();
    const app = createApp({ upstream });
    await fc.assert(
      fc.asyncProperty(cellPath, key, fc.string({ maxLength: 10 }), async ([a, b, c], k, extra) => {
        const url = `/api/cell/${raw(a)}/${raw(b)}/${raw(c)}?serviceKey=${raw(k)}&userKey=u&${raw(extra)}=1`;
        const res = await Promise.resolve(app.request(url)).catch(() => undefined);
        if (res !== undefined) expect(res.status).not.toBe(500);
        await Promise.resolve(app.request(`/api/${raw(a)}/${raw(b)}`)).catch(() => undefined);
      }),
      { numRuns: 300 },
    );
    for (const url of asked) {
      expect(url).toMatch(
        /^http:\/\/operator\.invalid\/rest\/cell\/\d{1,3}\/\d{1,3}\/\d{1,20}(\?serviceKey=[^&]*&userKey=u)?$/,
      );
    }
  });
});
