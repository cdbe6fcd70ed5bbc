import { describe, expect, it } from 'vitest';
import type { WatchView } from '../../api/watches';
import { initialMapFocus, reduceMapFocus } from '../../state/map-focus';
import { watchAreas } from './watches-on-map';

const watch = (over: Partial<WatchView>): WatchView => ({
  id: 'w1',
  kind: 'leave',
  center: { lat: 60.17, lon: 24.94 },
  radiusM: 2000,
  state: 'active',
  createdAt: '2026-12-07T12:00:00Z',
  expiresAt: '2026-12-08T12:00:00Z',
  events: [],
  ...over,
});

describe('the watches on the map', () => {
  it('nothing drawn without watches', () => {
    expect(watchAreas(undefined)).toBeUndefined();
    expect(watchAreas([])).toBeUndefined();
  });

  it('each watch its circle; the latest arrive or leave (events come newest first), not a started or ended one', () => {
    const areas = watchAreas([
      watch({
        events: [
          { id: 'e3', kind: 'ended', time: '2026-12-07T12:05:00Z', reason: 'SUBSCRIPTION_EXPIRED' },
          { id: 'e2', kind: 'left', time: '2026-12-07T12:03:00Z' },
          { id: 'e1', kind: 'entered', time: '2026-12-07T12:01:00Z' },
        ],
        state: 'ended',
        endReason: 'SUBSCRIPTION_EXPIRED',
      }),
      watch({ id: 'w2', kind: 'arrive', state: 'consent', events: [] }),
    ]);
    expect(areas).toEqual([
      {
        id: 'w1',
        kind: 'leave',
        center: { lat: 60.17, lon: 24.94 },
        radiusM: 2000,
        ended: true,
        latest: { kind: 'left', time: '2026-12-07T12:03:00Z' },
      },
      { id: 'w2', kind: 'arrive', center: { lat: 60.17, lon: 24.94 }, radiusM: 2000, ended: false },
    ]);
  });

  it('Forget keys takes the watched areas and the framed one off the map', () => {
    const drawn = reduceMapFocus(initialMapFocus('/', ''), {
      type: 'draw',
      drawing: {
        watches: watchAreas([watch({})]),
        watchFramed: { center: { lat: 60, lon: 25 }, radiusM: 2000, token: 1 },
      },
    });
    expect(drawn.watches).toHaveLength(1);
    const forgotten = reduceMapFocus(drawn, { type: 'forget' });
    expect(forgotten.watches).toBeUndefined();
    expect(forgotten.watchFramed).toBeUndefined();
  });
});
