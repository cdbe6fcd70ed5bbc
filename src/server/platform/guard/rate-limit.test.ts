import { describe, expect, it } from 'vitest';
import { decodeErrorBody } from '../../../api/codec';
import { createApp } from '../../app';
import { RateLimiter } from './rate-limit';
import { demoStore } from '../../testing/temp-stores';
import { fakeOperator } from '../../testing/fake-operator';

const q = (serviceKey: string, userKey: string): string =>
  `?serviceKey=${encodeURIComponent(serviceKey)}&userKey=${encodeURIComponent(userKey)}`;
const DEMO_Q = q('demo-service', 'demo-user');

const store = demoStore();

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
    const { upstream, asked } = fakeOperator();
    const app = createApp({ upstream, rateLimit: { perSecond: 1, burst: 1 } });
    expect((await app.request(`/api/location${DEMO_Q}`)).status).toBe(200);
    expect((await app.request(`/api/location${DEMO_Q}`)).status).toBe(429);
    expect(asked).toHaveLength(1);
  });
});
