import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { apiAnswer, reply } from './api-answer';
import { compression } from './compression';
import { createApp } from '../../app';
import { LOCATION_XSD } from '../../location/location-xsd';
import { demoStore } from '../../testing/temp-stores';
import { fakeOperator } from '../../testing/fake-operator';

const DEMO_Q = '?serviceKey=demo-service&userKey=demo-user';
const SCHEMA = '/api/schema/Location';

const store = demoStore();

describe('compression of API answers', () => {
  it('sends text of a kilobyte or more as brotli or gzip, and small answers as they are', async () => {
    const app = createApp({ store });
    expect(LOCATION_XSD.length).toBeGreaterThan(1024);
    const plain = await (await app.request(SCHEMA)).text();
    expect(plain).toBe(LOCATION_XSD);
    const br = await app.request(SCHEMA, { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    const brBody = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get('content-length'))).toBe(brBody.length);
    expect(brBody.length).toBeLessThan(plain.length / 3);
    expect(brotliDecompressSync(brBody).toString()).toBe(plain);
    const gz = await app.request(SCHEMA, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(plain);
    const small = await app.request(`/api/cell/244/91/10038${DEMO_Q}`, {
      headers: { 'Accept-Encoding': 'gzip, br' },
    });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.text()).toContain('<name>Brändö</name>');
    const none = await app.request(SCHEMA, { headers: { 'Accept-Encoding': 'identity' } });
    expect(none.headers.get('content-encoding')).toBeNull();
    expect(none.headers.get('vary')).toBe('Accept-Encoding');
  });

  it("compresses an operator's large answer passed back by the proxy", async () => {
    const xml = `<cell><name>${'Brändö '.repeat(500)}</name></cell>`;
    const { upstream } = fakeOperator(
      () => new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } }),
    );
    const app = createApp({ upstream });
    const res = await app.request(`/api/cell/244/91/10038${DEMO_Q}`, {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept, Accept-Encoding');
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(xml);
  });

  it('keeps the compressed bytes with an answer that keeps a memo of them, and sends them again from it', async () => {
    const xml = `<counts>${'<square><x>1</x></square>'.repeat(200)}</counts>`;
    const kept = {
      ...apiAnswer(200, 'xml', xml, { ETag: '"tag"' }),
      encoded: new Map<string, Uint8Array<ArrayBuffer>>(),
    };
    const app = new Hono();
    app.use('*', compression());
    app.get('/', (c) => reply(c, kept));
    const ask = (encoding: string) => app.request('/', { headers: { 'Accept-Encoding': encoding } });
    const first = await ask('br');
    expect(first.headers.get('etag')).toBe('W/"tag"');
    expect(brotliDecompressSync(Buffer.from(await first.arrayBuffer())).toString()).toBe(xml);
    expect([...kept.encoded.keys()]).toEqual(['br']);
    // What is sent again comes from the memo, not from compressing the body again.
    const other = new Uint8Array(brotliCompressSync('kept'));
    kept.encoded.set('br', other);
    const again = await ask('br');
    expect(again.headers.get('content-encoding')).toBe('br');
    expect(Number(again.headers.get('content-length'))).toBe(other.byteLength);
    expect(brotliDecompressSync(Buffer.from(await again.arrayBuffer())).toString()).toBe('kept');
    const gzip = await ask('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(xml);
    expect([...kept.encoded.keys()]).toEqual(['br', 'gzip']);
  });
});
