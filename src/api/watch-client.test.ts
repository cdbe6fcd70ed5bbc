import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { decodeWatchList, watchAskPath } from './watch-client';

const watch = {
  id: 'w1',
  kind: 'leave',
  center: { lat: 60.17, lon: 24.94 },
  radiusM: 2000,
  state: 'ended',
  endReason: 'area-too-small',
  limits: { minM: 1000 },
  createdAt: '2026-05-04T09:00:00.000Z',
  expiresAt: '2026-05-05T09:00:00.000Z',
  events: [{ id: 'e1', kind: 'left', time: '2026-05-04T09:03:00.000Z' }],
};

describe('the watches as the service reports them', () => {
  it('reads a watch with its reason, limits and events', () => {
    const [read] = decodeWatchList(JSON.stringify({ watches: [watch] }));
    expect(read).toMatchObject({ state: 'ended', endReason: 'area-too-small', limits: { minM: 1000 } });
    expect(read?.events).toEqual([{ id: 'e1', kind: 'left', time: '2026-05-04T09:03:00.000Z' }]);
  });

  it.each([
    ['an unknown state', { ...watch, state: 'sleeping' }],
    ['an unknown reason', { ...watch, endReason: 'bored' }],
    ['a latitude of 95', { ...watch, center: { lat: 95, lon: 24 } }],
    ['an event without a time', { ...watch, events: [{ id: 'e1', kind: 'left' }] }],
  ])('refuses %s', (_name, bad) => {
    expect(() => decodeWatchList(JSON.stringify({ watches: [bad] }))).toThrow(ApiError);
  });

  it('asks with the circle and arrive or leave in the query', () => {
    expect(watchAskPath({ kind: 'arrive', center: { lat: 60.1699, lon: 24.9384 }, radiusM: 2500 })).toBe(
      '/camara/watches?lat=60.169900&lon=24.938400&radius=2500&when=arrive',
    );
  });
});
