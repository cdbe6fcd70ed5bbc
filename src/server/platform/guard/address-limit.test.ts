import { describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { ConfigError, loadConfig } from '../../config';
import { demoStore } from '../../testing/temp-stores';
import { fakeOperator } from '../../testing/fake-operator';

/* Anyone who knows a service key (every user of that developer has it) must not be able to lock out its users
   with bogus user keys: failed key checks cost the client's address, the service key's bucket is charged only
   once the keys are accepted, and each address has a limit of its own. */
const q = (serviceKey: string, userKey: string): string =>
  `?serviceKey=${encodeURIComponent(serviceKey)}&userKey=${encodeURIComponent(userKey)}`;
const DEMO_Q = q('demo-service', 'demo-user');

/** What @hono/node-server hands a request: the socket it came on. */
const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

const store = demoStore();

async function statuses(
  app: ReturnType<typeof createApp>,
  count: number,
  path: string,
  env: object,
  headers: Record<string, string> = {},
): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i < count; i++) seen.push((await app.request(path, { headers }, env)).status);
  return seen;
}

describe('rate limits', () => {
  it('a burst of bogus user keys with a known service key does not lock its real users out', async () => {
    const app = createApp({ store, rateLimit: { perSecond: 20, burst: 40 } });
    const attack: number[] = [];
    let refused = '';
    for (let i = 0; i < 60; i++) {
      const res = await app.request(`/api/location${q('demo-service', 'guess')}`, {}, from('10.0.0.66'));
      attack.push(res.status);
      if (res.status === 429) refused = await res.text();
    }
    // The attacker's own address runs out: half the burst of failures (20), then a few as the bucket refills.
    expect(attack.slice(0, 20)).toEqual(Array<number>(20).fill(401));
    expect(attack.filter((status) => status === 429).length).toBeGreaterThan(30);
    expect(refused).toContain('failed key checks from this address');
    expect((await app.request(`/api/location${DEMO_Q}`, {}, from('10.0.0.7'))).status).toBe(200);
    expect((await app.request(`/api/cell/244/91/10038${DEMO_Q}`, {}, from('10.0.0.8'))).status).toBe(200);
  });

  it('charges the service key only for requests whose keys were accepted', async () => {
    // A slow refill, so that only the burst counts however slow the machine is.
    const app = createApp({ store, rateLimit: { perSecond: 0.01, burst: 3 } });
    // Bogus keys from many addresses leave the service key's bucket as it was.
    for (let i = 0; i < 10; i++) {
      await app.request(`/api/location${q('demo-service', `guess-${i}`)}`, {}, from(`10.1.0.${i}`));
    }
    const real = await statuses(app, 4, `/api/cell/244/91/10038${DEMO_Q}`, from('10.2.0.1'));
    expect(real).toEqual([200, 200, 200, 429]);
  });

  it('limits each address, whatever it asks', async () => {
    const app = createApp({ store, rateLimit: { perSecond: 0.01, burst: 2 } });
    // Five times the key's burst: 10 requests, even ones refused for their path, then 429 for the address.
    const seen = await statuses(app, 12, `/api/cell/244/9x/1${DEMO_Q}`, from('10.3.0.1'));
    expect(seen).toEqual([...Array<number>(10).fill(400), 429, 429]);
    const limited = await app.request(`/api/location${DEMO_Q}`, {}, from('10.3.0.1'));
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain('from this address');
    expect((await app.request(`/api/location${DEMO_Q}`, {}, from('10.3.0.2'))).status).toBe(200);
  });

  it('reads the address from the socket, and from X-Forwarded-For only behind TRUSTED_PROXIES proxies', async () => {
    const direct = createApp({ store, rateLimit: { perSecond: 20, burst: 40 } });
    // A client cannot escape its address's limit by sending a new X-Forwarded-For each time.
    const spoofed = [];
    for (let i = 0; i < 60; i++) {
      const headers = { 'X-Forwarded-For': `192.0.2.${i}` };
      spoofed.push(
        (await direct.request(`/api/location${q('x', 'y')}`, { headers }, from('10.4.0.1'))).status,
      );
    }
    expect(spoofed.filter((status) => status === 429).length).toBeGreaterThan(30);

    const proxied = createApp({ store, rateLimit: { perSecond: 20, burst: 40 }, trustedProxies: 1 });
    const via = (client: string) => ({ 'X-Forwarded-For': `203.0.113.9, ${client}` });
    const attacker: number[] = [];
    for (let i = 0; i < 60; i++) {
      const headers = via('198.51.100.1');
      attacker.push(
        (await proxied.request(`/api/location${q(`x${i}`, 'y')}`, { headers }, from('127.0.0.1'))).status,
      );
    }
    expect(attacker.filter((status) => status === 429).length).toBeGreaterThan(30);
    const user = await proxied.request(
      `/api/location${DEMO_Q}`,
      { headers: via('198.51.100.2') },
      from('127.0.0.1'),
    );
    expect(user.status).toBe(200);
  });

  it('in proxy mode too: an operator’s 401 costs the address, not the service key', async () => {
    const { upstream } = fakeOperator((url) =>
      url.includes('userKey=real')
        ? new Response('<x/>', { headers: { 'Content-Type': 'application/xml' } })
        : new Response('{}', { status: 401, headers: { 'Content-Type': 'application/json' } }),
    );
    const app = createApp({ upstream, rateLimit: { perSecond: 20, burst: 40 } });
    const attack: number[] = [];
    for (let i = 0; i < 60; i++) {
      attack.push(
        (await app.request(`/api/location${q('svc', `guess-${i}`)}`, {}, from('10.5.0.66'))).status,
      );
    }
    expect(attack.filter((status) => status === 429).length).toBeGreaterThan(30);
    expect((await app.request(`/api/location${q('svc', 'real')}`, {}, from('10.5.0.7'))).status).toBe(200);
  });
});

describe('TRUSTED_PROXIES', () => {
  it('is 0 unless set, and a small whole number', () => {
    expect(loadConfig({}).trustedProxies).toBe(0);
    expect(loadConfig({ TRUSTED_PROXIES: '2' }).trustedProxies).toBe(2);
    for (const bad of ['-1', 'yes', '11']) {
      expect(() => loadConfig({ TRUSTED_PROXIES: bad })).toThrow(ConfigError);
    }
  });
});
