import { afterEach, describe, expect, it } from 'vitest';
import { CAMARA_NUMBERS as N } from '../../../scripts/stand-ins/camara';
import { createApp } from '../app';
import { startHarness, type Harness } from '../testing/camara-consumer';
import { camaraLocationSource } from './camara-location';

let h: Harness;
afterEach(async () => h?.close());

/** The service with LOCATION_SOURCE=camara, its consumer talking to the stand-in operator. */
async function service(number: string) {
  h = await startHarness();
  const app = createApp({
    store: h.store,
    camaraLocation: camaraLocationSource(h.consumer),
    staticDir: null,
  });
  const { serviceKey, userKey } = h.register(number);
  const keys = `serviceKey=${serviceKey}&userKey=${userKey}`;
  const call = async (method: string, path: string, query = '') => {
    const response = await app.request(`/api${path}?${keys}${query}`, {
      method,
      headers: { Accept: 'application/json' },
    });
    return {
      status: response.status,
      headers: response.headers,
      body: (await response.json()) as Record<string, unknown>,
    };
  };
  return { app, keys, call, serviceKey, userKey };
}

describe('the CAMARA read: /api/camara/locate', () => {
  it('answers 202 while the owner decides, then 200 with the area; the owner’s consent is the consent', async () => {
    const { call } = await service(N.approves);
    const asked = await call('POST', '/camara/locate');
    expect(asked.status).toBe(202);
    expect(asked.headers.get('retry-after')).toBe('5');
    expect(asked.headers.get('cache-control')).toBe('no-store');
    expect(asked.body).toMatchObject({ state: 'pending', checkAgainSeconds: 5 });
    h.advance(5);
    expect((await call('GET', '/camara/locate')).status).toBe(202);
    h.standIn.answer(N.approves, true);
    h.advance(5);
    const located = await call('GET', '/camara/locate');
    expect(located.status).toBe(200);
    expect(located.body).toMatchObject({
      state: 'located',
      area: { shape: 'circle', center: { lat: 60.1699, lon: 24.9384 }, radiusM: 1200 },
    });
    // The user never replied to an authorization SMS: in camara mode that store is not asked.
    expect(h.store.listUsers()[0]?.smsReplied).toBe(false);
  });

  it('never lets the operator’s token or answer reach the browser, nor the keys reach the operator', async () => {
    const { call, serviceKey, userKey } = await service(N.atOnce);
    const bodies = [JSON.stringify((await call('POST', '/camara/locate')).body)];
    h.advance(5);
    bodies.push(JSON.stringify((await call('GET', '/camara/locate')).body));
    const [token] = h.standIn.issued();
    expect(token).toBeDefined();
    for (const body of bodies) {
      expect(body).not.toContain(token);
      expect(body).not.toContain('latitude');
    }
    const seen = JSON.stringify([h.standIn.api, h.standIn.assertions, h.standIn.polls]);
    expect(seen).not.toContain(serviceKey);
    expect(seen).not.toContain(userKey);
  });

  it('asks for a fresh fix with ?fresh=true', async () => {
    const { call } = await service(N.atOnce);
    await call('POST', '/camara/locate', '&fresh=true');
    h.advance(5);
    await call('GET', '/camara/locate');
    expect(h.standIn.api[0]?.body).toBe('{"maxAge":60}');
    expect((await call('POST', '/camara/locate', '&fresh=maybe')).body).toMatchObject({
      error: { status: '400', field: 'fresh' },
    });
  });

  it.each([
    [N.refuses, 403, 'refused'],
    [N.unlocatable, 404, 'unable-to-locate'],
    [N.notApplicable, 422, 'not-applicable'],
    [N.latitudeOutOfRange, 502, 'operator-malformed'],
    [N.apiDown, 502, 'operator-down'],
  ])('%s: %i %s, with words and no area', async (number, status, reason) => {
    const { call } = await service(number);
    await call('POST', '/camara/locate');
    h.advance(5);
    const failed = await call('GET', '/camara/locate');
    expect(failed.status).toBe(status);
    expect(failed.body).toMatchObject({ state: 'failed', reason, message: expect.any(String) });
    expect(failed.body).not.toHaveProperty('area');
  });

  it('answers 404 for a number the operator does not know, at once', async () => {
    const { call } = await service(N.unknown);
    expect(await call('POST', '/camara/locate')).toMatchObject({
      status: 404,
      body: { reason: 'unknown-number' },
    });
  });

  it('keeps the document’s statuses for the keys, through the one guard', async () => {
    const { app, userKey } = await service(N.atOnce);
    for (const [method, path] of [
      ['POST', '/camara/locate'],
      ['GET', '/camara/locate'],
      ['POST', '/camara/verify?lat=60&lon=25&radius=2000'],
      ['GET', '/camara/verify'],
    ] as const) {
      const response = await app.request(
        `/api${path}${path.includes('?') ? '&' : '?'}userKey=${userKey}&serviceKey=nope`,
        { method },
      );
      expect(response.status).toBe(401);
    }
    expect(h.standIn.assertions).toEqual([]);
  });

  it('says when nothing has been asked, and what the document’s Location read cannot answer here', async () => {
    const { call, app } = await service(N.atOnce);
    expect(await call('GET', '/camara/locate')).toMatchObject({
      status: 404,
      body: { error: { code: 'nothing-asked' } },
    });
    expect(await call('GET', '/location')).toMatchObject({
      status: 404,
      body: { error: { code: 'camara-location' } },
    });
    expect(await (await app.request('/api/settings')).json()).toMatchObject({
      mode: 'demo',
      locationSource: 'camara',
    });
    const put = await call('PUT', '/camara/locate');
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('POST, GET, HEAD, DELETE');
  });

  it('DELETE stops the wait (409 cancelled); nothing asked: 404', async () => {
    const { call } = await service(N.approves);
    expect(await call('DELETE', '/camara/locate')).toMatchObject({
      status: 404,
      body: { error: { code: 'nothing-asked' } },
    });
    await call('POST', '/camara/locate');
    expect(await call('DELETE', '/camara/locate')).toMatchObject({
      status: 409,
      body: { state: 'failed', reason: 'cancelled' },
    });
    expect((await call('GET', '/camara/locate')).status).toBe(409);
    expect((await call('POST', '/camara/locate')).body).toMatchObject({ state: 'pending' });
    expect(h.standIn.assertions.filter((seen) => seen.endpoint.endsWith('/bc-authorize'))).toHaveLength(1);
  });
});

describe('the CAMARA read: /api/camara/verify', () => {
  it('answers TRUE, FALSE or PARTIAL with the circle asked about', async () => {
    const { call } = await service(N.atOnce);
    expect((await call('POST', '/camara/verify', '&lat=60.17&lon=24.94&radius=5000')).status).toBe(202);
    h.advance(5);
    expect(await call('GET', '/camara/verify')).toMatchObject({
      status: 200,
      body: {
        state: 'verified',
        result: 'TRUE',
        circle: { center: { lat: 60.17, lon: 24.94 }, radiusM: 5000 },
      },
    });
  });

  it.each([
    ['', 'lat'],
    ['&lat=91&lon=25&radius=2000', 'lat'],
    ['&lat=60&lon=25.5.5&radius=2000', 'lon'],
    ['&lat=60&lon=25&radius=0', 'radius'],
    ['&lat=60&lon=25&radius=2000.5', 'radius'],
    ['&lat=60&lat=61&lon=25&radius=2000', 'lat'],
  ])('refuses %s, naming %s, before asking anyone', async (query, field) => {
    const { call } = await service(N.atOnce);
    expect(await call('POST', '/camara/verify', query)).toMatchObject({
      status: 400,
      body: { error: { field } },
    });
    expect(h.standIn.assertions).toEqual([]);
  });
});
