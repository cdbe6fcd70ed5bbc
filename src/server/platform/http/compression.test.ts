import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
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
});
