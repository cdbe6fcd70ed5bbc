import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../../scripts/precompress.mjs';
import { createApp } from '../../app';
import { IN_MEMORY_FILE_BYTES } from './built-files';
import { PlainResponse } from './plain-response';
import { tempDir } from '../../testing/temp-dir';
import { demoStore } from '../../testing/temp-stores';

const store = demoStore();

describe('the built app', () => {
  const dir = tempDir('static');
  let withPages: ReturnType<typeof createApp>;
  beforeAll(() => {
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><head><title>app</title></head>');
    writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
    withPages = createApp({ store, staticDir: dir });
  });

  it('serves index.html with no-cache for the app’s routes', async () => {
    for (const path of ['/', '/cell/244/91/10038', '/some/deep/route']) {
      const res = await withPages.request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const html = await res.text();
      expect(html).toContain('<title>app</title>');
      expect(html).toContain('<script type="application/json" id="cellpos-settings">{"mode":"demo",');
      expect(html).toContain('"demoKeys":{"serviceKey":"demo-service","userKey":"demo-user"}');
    }
  });

  it('serves /index.html itself as built, without settings (the offline shell the service worker keeps)', async () => {
    const res = await withPages.request('/index.html');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('<!doctype html><head><title>app</title></head>');
  });

  it('reads a page built while the service runs', async () => {
    writeFileSync(join(dir, 'index.html'), '<!doctype html><head><title>rebuilt</title></head>');
    const later = Date.now() / 1000 + 5;
    utimesSync(join(dir, 'index.html'), later, later);
    try {
      expect(await (await withPages.request('/')).text()).toContain('<title>rebuilt</title>');
    } finally {
      writeFileSync(join(dir, 'index.html'), '<!doctype html><head><title>app</title></head>');
    }
  });

  it('serves hashed assets as immutable, other files as no-cache, and 404 for missing files', async () => {
    const asset = await withPages.request('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const icon = await withPages.request('/favicon.svg');
    expect(icon.headers.get('cache-control')).toBe('no-cache');
    const gone = await withPages.request('/assets/gone-123.js');
    expect(gone.status).toBe(404);
    expect(gone.headers.get('cache-control')).toBe('no-store');
    expect((await withPages.request('/robots.txt')).status).toBe(404);
  });

  it('answers small files from memory (no stream, no descriptor held), read again when a build changes them', async () => {
    const first = await withPages.request('/assets/index-abc123.js');
    expect(first).toBeInstanceOf(PlainResponse);
    expect(first.headers.get('content-length')).toBe('14');
    expect(first.headers.get('last-modified')).not.toBeNull();
    writeFileSync(join(dir, 'favicon.svg'), '<svg id="new"/>');
    const later = Date.now() / 1000 + 5;
    utimesSync(join(dir, 'favicon.svg'), later, later);
    try {
      expect(await (await withPages.request('/favicon.svg')).text()).toBe('<svg id="new"/>');
    } finally {
      writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
    }
    expect(await (await withPages.request('/favicon.svg')).text()).toBe('<svg/>');
    const large = 'x'.repeat(IN_MEMORY_FILE_BYTES + 1);
    writeFileSync(join(dir, 'assets', 'large-abc123.js'), large);
    const streamed = await withPages.request('/assets/large-abc123.js');
    expect(streamed).not.toBeInstanceOf(PlainResponse);
    expect(streamed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await streamed.text()).toBe(large);
    expect((await withPages.request('/assets/..%2Findex.html')).status).toBe(404);
  });

  it('never answers an API path with the page', async () => {
    const res = await withPages.request('/api/towers');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
  });

  it('says to build when the app is not built', async () => {
    const bare = createApp({ store, staticDir: join(dir, 'missing') });
    const res = await bare.request('/');
    expect(res.status).toBe(503);
    expect(await res.text()).toMatch(/npm run build/);
    expect((await bare.request('/api/health')).status).toBe(200);
  });
});

describe('compression of the built app, done at build time', () => {
  const dir = tempDir('precompressed');
  let app: ReturnType<typeof createApp>;
  const JS = '/assets/index-abc123.js';
  beforeAll(async () => {
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(
      join(dir, 'assets', 'index-abc123.js'),
      `console.log(${JSON.stringify('x'.repeat(5000))});\n`,
    );
    writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
    expect(await precompressDir(dir)).toBe(1);
    app = createApp({ store, staticDir: dir });
  });

  it('sends text of a kilobyte or more as brotli or gzip, and small files as they are', async () => {
    const plain = await (await app.request(JS)).text();
    const br = await app.request(JS, { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const brBody = Buffer.from(await br.arrayBuffer());
    expect(brBody.length).toBeLessThan(plain.length / 10);
    expect(brotliDecompressSync(brBody).toString()).toBe(plain);
    const again = await app.request(JS, { headers: { 'Accept-Encoding': 'br' } });
    expect(Buffer.from(await again.arrayBuffer()).equals(brBody)).toBe(true);
    const gz = await app.request(JS, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(plain);
    const small = await app.request('/favicon.svg', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.text()).toBe('<svg/>');
  });

  it('tells caches that the plain answer to a client without brotli or gzip is not the only one', async () => {
    const none = await app.request(JS, { headers: { 'Accept-Encoding': 'identity' } });
    expect(none.headers.get('content-encoding')).toBeNull();
    expect(none.headers.get('vary')).toBe('Accept-Encoding');
    const head = await app.request(JS, { method: 'HEAD', headers: { 'Accept-Encoding': 'br' } });
    expect(head.headers.get('content-encoding')).toBe('br');
    expect(await head.text()).toBe('');
  });
});
