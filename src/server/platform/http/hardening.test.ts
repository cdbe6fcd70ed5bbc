import { describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { ConfigError, loadConfig } from '../../config';
import { demoStore } from '../../testing/temp-stores';

/* The smaller hardenings: Permissions-Policy, HSTS behind TLS, ALLOWED_HOSTS against DNS rebinding, no user
   info in the operator's URLs, log lines a terminal shows as they are, and the cause of each proxy failure. */
const store = demoStore();

const PERMISSIONS = 'geolocation=(self), camera=(), microphone=(), payment=(), usb=()';

describe('headers', () => {
  it('allow geolocation to the page itself only, on every answer', async () => {
    const app = createApp({ store, staticDir: null });
    for (const path of ['/', '/api/health', '/api/location']) {
      expect((await app.request(path)).headers.get('permissions-policy')).toBe(PERMISSIONS);
    }
  });

  it('send HSTS only when a setting says the service is behind TLS', async () => {
    const plain = createApp({ store, staticDir: null });
    expect((await plain.request('/api/health')).headers.get('strict-transport-security')).toBeNull();
    const behind = createApp({ store, staticDir: null, behindTls: true });
    for (const path of ['/', '/api/health']) {
      expect((await behind.request(path)).headers.get('strict-transport-security')).toBe('max-age=31536000');
    }
  });
});

describe('ALLOWED_HOSTS', () => {
  it('answers 421 to a Host not in the list (a rebound DNS name), and serves the ones in it', async () => {
    const app = createApp({
      store,
      staticDir: null,
      allowedHosts: ['cellpos.example', '127.0.0.1', '[::1]'],
    });
    const asked = (host: string, path = '/api/health') => app.request(path, { headers: { Host: host } });
    expect((await asked('cellpos.example:8080')).status).toBe(200);
    expect((await asked('127.0.0.1:8080')).status).toBe(200);
    expect((await asked('[::1]:8080')).status).toBe(200);
    const rebound = await asked(
      'attacker.example:8080',
      '/api/location?serviceKey=demo-service&userKey=demo-user',
    );
    expect(rebound.status).toBe(421);
    expect(await rebound.text()).toContain('host-not-allowed');
    expect((await asked('attacker.example')).headers.get('content-security-policy')).toContain("'none'");
    expect((await asked('attacker.example', '/')).status).toBe(421);
    expect((await asked('bad host')).status).toBe(421);
    expect(
      (
        await createApp({ store, staticDir: null }).request('/api/health', {
          headers: { Host: 'any.example' },
        })
      ).status,
    ).toBe(200);
  });

  it('is read from the environment: host names (IDN as punycode) and addresses', () => {
    expect(loadConfig({}).allowedHosts).toBeUndefined();
    expect(
      loadConfig({ ALLOWED_HOSTS: ' Cellpos.Example, localhost,bücher.example,[::1] ' }).allowedHosts,
    ).toEqual(['cellpos.example', 'localhost', 'xn--bcher-kva.example', '[::1]']);
    for (const bad of ['a b', 'http://x.example', 'x.example/path', 'x.example:80', ',']) {
      expect(() => loadConfig({ ALLOWED_HOSTS: bad })).toThrow(/^ALLOWED_HOSTS: /);
    }
  });
});

describe('settings', () => {
  it('reads BEHIND_TLS', () => {
    expect(loadConfig({}).behindTls).toBe(false);
    expect(loadConfig({ BEHIND_TLS: 'on' }).behindTls).toBe(true);
    expect(() => loadConfig({ BEHIND_TLS: 'yes' })).toThrow(/^BEHIND_TLS: /);
  });

  it.each(['POSITIONING_BASE_URL', 'POSITIONING_SCHEMA_URL'])(
    'refuses a user name or password in %s',
    (name) => {
      for (const url of ['https://user:secret@operator.example/rest', 'https://user@operator.example/rest']) {
        expect(() => loadConfig({ [name]: url })).toThrow(ConfigError);
        expect(() => loadConfig({ [name]: url })).toThrow(
          new RegExp(`^${name}: must not carry a user name or password$`),
        );
      }
    },
  );
});

describe('log lines', () => {
  it('show C1 controls and line separators as ?, never as they are', async () => {
    const lines: string[] = [];
    const app = createApp({ store, staticDir: null, log: (line) => lines.push(line) });
    await app.request('/api/a%C2%9B2J%E2%80%A8b%E2%80%A9c%C2%85d');
    expect(lines[0]).toMatch(/^GET \/api\/a\?2J\?b\?c\?d 404 /);
  });

  it('name the cause of each answer the proxy makes up, never a key', async () => {
    const lines: string[] = [];
    const refused = Object.assign(new TypeError('fetch failed'), {
      cause: Object.assign(new Error('connect ECONNREFUSED 10.0.0.1:443'), { code: 'ECONNREFUSED' }),
    });
    const answers = [
      () => Promise.reject(refused),
      () => Promise.resolve(new Response('<h1>login</h1>', { headers: { 'Content-Type': 'text/html' } })),
    ];
    for (const answer of answers) {
      const app = createApp({
        upstream: { baseUrl: 'http://operator.invalid/rest', timeoutMs: 1000, fetch: answer },
        staticDir: null,
        log: (line) => lines.push(line),
      });
      expect((await app.request('/api/cell/244/91/1?serviceKey=sEcReT&userKey=sEcReT')).status).toBe(502);
    }
    const proxyLines = lines.filter((line) => line.startsWith('proxy '));
    expect(proxyLines).toEqual([
      'proxy GET http://operator.invalid/rest/cell/244/91/1: 502 upstream-unreachable (ECONNREFUSED: connect ECONNREFUSED 10.0.0.1:443)',
      'proxy GET http://operator.invalid/rest/cell/244/91/1: 502 upstream-content-type (The operator answered 200 with text/html, not XML or JSON; it is not passed on.)',
    ]);
    expect(lines.join('\n')).not.toContain('sEcReT');
  });
});
