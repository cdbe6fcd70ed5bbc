import { describe, expect, it } from 'vitest';
import { DOCUMENTED_CELL, DOCUMENTED_CELL_ID } from '../../../api/fixtures/documented-cell';
import { createApp } from '../../app';
import { DEMO_PHONE_CELL, LARGE_CELLID_CELL, MNC5_CELL, TAMPERE_CELL } from '../../admin/demo-data';
import { demoStore } from '../../testing/temp-stores';
import { clientOf, apiErrorOf } from '../../testing/app-client';

/* The two demo reads through the app's own client, so what the service encodes is what the app decodes. */
const KEYS = { serviceKey: 'demo-service', userKey: 'demo-user' };

const store = demoStore();
const app = createApp({ store, staticDir: null });

describe.each(['xml', 'json'] as const)('demo mode through the client, %s', (format) => {
  it('reads the demo phone', async () => {
    const { data, raw } = await clientOf(app, format).getLocation(KEYS);
    expect(raw.status).toBe(200);
    expect(raw.contentType).toBe(`application/${format}; charset=utf-8`);
    expect(data).toEqual({
      msisdn: '358401234567',
      state: 'Idle',
      cell: {
        lat: DEMO_PHONE_CELL.lat.toFixed(6),
        lon: DEMO_PHONE_CELL.lon.toFixed(6),
        mcc: '244',
        mnc: '91',
        lac: String(DEMO_PHONE_CELL.lac),
        cellid: String(DEMO_PHONE_CELL.cellid),
        name: 'Helsinki Kamppi',
        position: { lat: DEMO_PHONE_CELL.lat, lon: DEMO_PHONE_CELL.lon },
      },
    });
  });

  it('leaves state out when the user has none', async () => {
    const { data } = await clientOf(app, format).getLocation({
      serviceKey: 'other-service',
      userKey: 'other-user',
    });
    expect(data.state).toBeUndefined();
    expect(data.cell.name).toBe(TAMPERE_CELL.name);
    expect(data.cell.lat).toBe('61.492494');
  });

  it('reads the documented Brändö cell as documented', async () => {
    const { data } = await clientOf(app, format).getCell(KEYS, DOCUMENTED_CELL_ID);
    expect(data).toEqual(DOCUMENTED_CELL);
  });

  it('repeats mcc, mnc and cellid as asked', async () => {
    const asked = { mcc: '244', mnc: '05', cellid: `000${MNC5_CELL.cellid}` };
    const { data } = await clientOf(app, format).getCell(KEYS, asked);
    expect(data).toMatchObject({ ...asked, name: 'Oulu Keskusta' });
    const plain = await clientOf(app, format).getCell(KEYS, {
      mcc: '244',
      mnc: '5',
      cellid: String(MNC5_CELL.cellid),
    });
    expect(plain.data.mnc).toBe('5');
  });

  it('reads a cell id above 2^32', async () => {
    const { data } = await clientOf(app, format).getCell(KEYS, {
      mcc: '244',
      mnc: '91',
      cellid: String(LARGE_CELLID_CELL.cellid),
    });
    expect(data.cellid).toBe('30064771073');
    expect(data.name).toBe('Espoo Otaniemi');
  });

  it.each([
    ['an unknown user key', 'demo-service', 'nobody'],
    ['an unknown service key', 'nobody', 'demo-user'],
    ['keys of two developers', 'demo-service', 'other-user'],
    ['keys of two developers, the other way', 'other-service', 'demo-user'],
    ['a user key as service key', 'demo-user', 'demo-user'],
    ['a key too long to be ours', 'demo-service', 'x'.repeat(300)],
  ])('answers 401 for %s', async (_what, serviceKey, userKey) => {
    for (const read of [
      clientOf(app, format).getLocation({ serviceKey, userKey }),
      clientOf(app, format).getCell({ serviceKey, userKey }, DOCUMENTED_CELL_ID),
    ]) {
      const error = await apiErrorOf(read);
      expect(error.kind).toBe('unauthorized');
      expect(error.status).toBe(401);
      expect(error.raw?.body).not.toContain(userKey.slice(0, 20));
    }
  });

  it('answers 403 to a user who has not replied to the SMS, but reads cells for them', async () => {
    const pending = { serviceKey: 'demo-service', userKey: 'demo-pending' };
    const error = await apiErrorOf(clientOf(app, format).getLocation(pending));
    expect(error.kind).toBe('forbidden');
    expect(error.detail).toMatch(/authorization SMS/);
    const { data } = await clientOf(app, format).getCell(pending, DOCUMENTED_CELL_ID);
    expect(data.name).toBe(DOCUMENTED_CELL.name);
  });

  it('answers 404 for an unknown cell', async () => {
    const error = await apiErrorOf(
      clientOf(app, format).getCell(KEYS, { mcc: '244', mnc: '91', cellid: '1' }),
    );
    expect(error.kind).toBe('not-found');
    expect(error.status).toBe(404);
  });

  it.each([
    ['mcc', { mcc: '1000', mnc: '91', cellid: '1' }],
    ['mcc', { mcc: '24a', mnc: '91', cellid: '1' }],
    ['mnc', { mcc: '244', mnc: '1000', cellid: '1' }],
    ['mnc', { mcc: '244', mnc: '-1', cellid: '1' }],
    ['cellid', { mcc: '244', mnc: '91', cellid: String(2 ** 36) }],
    ['cellid', { mcc: '244', mnc: '91', cellid: '1.5' }],
    ['cellid', { mcc: '244', mnc: '91', cellid: ' 12' }],
  ])('answers 400 naming %s', async (field, id) => {
    const error = await apiErrorOf(clientOf(app, format).getCell(KEYS, id));
    expect(error.kind).toBe('bad-request');
    expect(error.status).toBe(400);
    expect(error.field).toBe(field);
  });
});
