import { describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { openDemoStore } from '../../admin/demo-data';
import { demoStore } from '../../testing/temp-stores';

const q = (serviceKey: string, userKey: string): string =>
  `?serviceKey=${encodeURIComponent(serviceKey)}&userKey=${encodeURIComponent(userKey)}`;

const store = demoStore();

describe('the access log', () => {
  it('writes one line per request: method, path, status, milliseconds', async () => {
    const lines: string[] = [];
    const app = createApp({ store, log: (line) => void lines.push(line) });
    await app.request(`/api/cell/244/91/10038${q('demo-service', 'demo-user')}`);
    await app.request('/api/location', { method: 'POST' });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^GET \/api\/cell\/244\/91\/10038 200 \d+\.\dms$/);
    expect(lines[1]).toMatch(/^POST \/api\/location 405 \d+\.\dms$/);
  });

  it('never puts a key in a log line: 200, 401, 403, 429, 400, 404, 500, and proxy failures', async () => {
    const secret = 'sEcReT-KeY-987';
    const lines: string[] = [];
    const log = (line: string): void => void lines.push(line);
    const app = createApp({ store, log, rateLimit: { perSecond: 1, burst: 1 } });
    const broken = openDemoStore(':memory:');
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
