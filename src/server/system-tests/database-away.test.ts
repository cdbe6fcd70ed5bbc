import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { StoreUnavailable } from '../store/records';
import { startOperator, type RunningOperator } from '../testing/camara-operator';
import { CORRELATOR } from '../testing/camara-spec-checks';
import { tempDir } from '../testing/temp-dir';
import { demoStore } from '../testing/temp-stores';

/* PostgreSQL away (a restart, a failover): each API answers 503 in its own form, with when to try again, and the
   app's shell is served without the database. */
const away = (): Promise<never> =>
  Promise.reject(new StoreUnavailable({ cause: new Error('connect ECONNREFUSED') }));

/** Every method of `object` fails as the PostgreSQL store's do when the server is gone. */
function goAway(object: object): void {
  for (const [name, value] of Object.entries(object)) {
    if (typeof value === 'function') Object.assign(object, { [name]: away });
  }
}

async function expectUnavailable(response: Response): Promise<unknown> {
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe('5');
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return response.json();
}

const OAUTH = {
  error: 'temporarily_unavailable',
  error_description: expect.stringMatching(/database/),
};

describe('the database away', () => {
  it('CAMARA answers 503 UNAVAILABLE in its {status, code, message}, logged in one line without a stack', async () => {
    const op: RunningOperator = await startOperator();
    goAway(op.store.camara);
    const answer = await op.api(
      '/location-retrieval/v0.5/retrieve',
      'some-token',
      {},
      { 'x-correlator': CORRELATOR },
    );
    expect(answer.headers.get('x-correlator')).toBe(CORRELATOR);
    expect(await expectUnavailable(answer)).toEqual({
      status: 503,
      code: 'UNAVAILABLE',
      message: 'Service Unavailable.',
    });
    const logged = op.lines.filter((line) => line.startsWith('camara: '));
    expect(logged).toEqual([
      'camara: POST /camara/location-retrieval/v0.5/retrieve: the database cannot be reached (connect ECONNREFUSED)',
    ]);
  });

  it('the OpenID provider answers 503 temporarily_unavailable in JSON, before it has its keys and after', async () => {
    const before = await startOperator();
    goAway(before.store.camara);
    const discovery = await fetch(`${before.address}/oidc/.well-known/openid-configuration`);
    expect(await expectUnavailable(discovery)).toEqual(OAUTH);

    const after = await startOperator();
    expect((await fetch(`${after.address}/oidc/.well-known/openid-configuration`)).status).toBe(200);
    goAway(after.store.camara);
    const token = await after.oidc('/token', after.client, {
      grant_type: 'client_credentials',
      scope: 'openid',
    });
    expect(token).toEqual({ status: 503, body: OAUTH });
    expect(after.lines.join('\n')).toContain('the database cannot be reached (connect ECONNREFUSED)');
    expect(after.lines.join('\n')).not.toMatch(/\n\s+at /);
  });

  it("serves the app's shell, as built, without the database", async () => {
    const dir = tempDir('shell-away');
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><head><title>app</title></head>');
    const store = demoStore();
    Object.assign(store, { hasDemoKeys: away, dataVersion: () => 'changed' });
    const app = createApp({ store, staticDir: dir });
    for (const path of ['/', '/cell/244/91/10038']) {
      const page = await app.request(path);
      expect(page.status).toBe(200);
      expect(await page.text()).toBe('<!doctype html><head><title>app</title></head>');
    }
    expect((await app.request('/api/settings')).status).toBe(503);
  });
});
