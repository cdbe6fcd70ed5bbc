import { afterEach, describe, expect, it } from 'vitest';
import { CAMARA_NUMBERS as N } from '../../scripts/stand-ins/camara';
import { createApp } from '../server/app';
import { startHarness, type Harness } from '../server/testing/camara-consumer';
import { camaraLocationSource } from '../server/location/camara-location';
import { decodeCamaraAnswer, decodeCamaraFailure } from './camara-codec';
import { createClient } from './client';
import { ApiError } from './errors';

let h: Harness;
afterEach(async () => h?.close());

/** The app's client, its fetch the service's own app.fetch, in front of the stand-in operator. */
async function clientFor(number: string) {
  h = await startHarness();
  const app = createApp({
    store: h.store,
    camaraLocation: camaraLocationSource(h.consumer),
    staticDir: null,
  });
  const client = createClient({
    baseUrl: 'http://service.test/api',
    fetch: (input, init) => Promise.resolve(app.fetch(new Request(input, init))),
  });
  const { serviceKey, userKey } = h.register(number);
  return { client, keys: { serviceKey, userKey } };
}

describe('the client’s CAMARA read, against the service', () => {
  it('asks, then reads the area once the owner agreed', async () => {
    const { client, keys } = await clientFor(N.atOnce);
    const asked = await client.askCamara(keys, { kind: 'locate', fresh: false });
    expect(asked.data).toMatchObject({ state: 'pending', checkAgainSeconds: 5 });
    expect(asked.raw.status).toBe(202);
    expect(asked.raw.url).not.toContain(keys.userKey);
    h.advance(5);
    const read = await client.getCamara(keys, 'locate');
    expect(read.data).toMatchObject({ state: 'located', area: { shape: 'circle', radiusM: 1200 } });
  });

  it('reads a refusal as an answer, and the keys’ own errors as errors', async () => {
    const { client, keys } = await clientFor(N.refuses);
    await client.askCamara(keys, { kind: 'verify', center: { lat: 60.17, lon: 24.94 }, radiusM: 2000 });
    h.advance(5);
    const refused = await client.getCamara(keys, 'verify');
    expect(refused.data).toEqual({ state: 'failed', reason: 'refused' });
    expect(refused.raw.status).toBe(403);
    const wrong = client.getCamara({ ...keys, userKey: 'nobody' }, 'verify');
    await expect(wrong).rejects.toBeInstanceOf(ApiError);
    await expect(wrong).rejects.toMatchObject({ kind: 'unauthorized', status: 401 });
  });
});

describe('decodeCamaraAnswer', () => {
  const at = '2026-05-04T09:00:00.000Z';
  it.each([
    ['{"state":"located"}', 'area'],
    [
      '{"state":"located","area":{"shape":"circle","center":{"lat":91,"lon":0},"radiusM":5},"lastLocationTime":"x"}',
      'area.center.lat',
    ],
    [
      `{"state":"located","area":{"shape":"polygon","center":{"lat":1,"lon":1},"radiusM":5,"points":[]},"lastLocationTime":"${at}","answeredAt":"${at}"}`,
      'area.points',
    ],
    ['{"state":"pending","checkAgainSeconds":0,"expiresAt":"2026-05-04T09:00:00Z"}', 'checkAgainSeconds'],
    [
      `{"state":"verified","result":"PARTIAL","circle":{"center":{"lat":1,"lon":1},"radiusM":5},"lastLocationTime":"${at}","answeredAt":"${at}"}`,
      'matchRate',
    ],
    ['{"state":"failed","reason":"gremlins"}', 'reason'],
    ['{"state":"done"}', 'state'],
    ['[]', 'body'],
    ['<html>', 'body'],
  ])('%s: malformed, naming %s', (body, field) => {
    expect(() => decodeCamaraAnswer(body)).toThrow(expect.objectContaining({ kind: 'malformed', field }));
  });

  it('takes a failure’s body as an answer only when it is one', () => {
    expect(decodeCamaraFailure('{"state":"failed","reason":"expired","message":"…"}')).toEqual({
      state: 'failed',
      reason: 'expired',
    });
    expect(decodeCamaraFailure('{"error":{"status":"401","code":"unauthorized"}}')).toBeUndefined();
    expect(
      decodeCamaraFailure('{"state":"pending","checkAgainSeconds":5,"expiresAt":"2026-05-04T09:00:00Z"}'),
    ).toBeUndefined();
  });
});
