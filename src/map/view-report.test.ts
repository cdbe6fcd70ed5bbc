// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MapFocusAction } from '../state/map-focus';
import { reportMoves, SETTLE_MS, type MovingMap } from './view-report';

function fakeMap() {
  let listener: (() => void) | undefined;
  let west = 24;
  const map: MovingMap = {
    getBounds: () => ({
      getWest: () => west,
      getSouth: () => 60,
      getEast: () => west + 1,
      getNorth: () => 61,
    }),
    getCenter: () => ({ lat: 60.5, lng: west + 0.5 }),
    getZoom: () => 9,
    on: (_type, next) => (listener = next),
    off: () => (listener = undefined),
  };
  const move = (to: number) => {
    west = to;
    listener?.();
  };
  return { map, move, listening: () => listener !== undefined };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('reporting the map’s moves', () => {
  it('reports the view after every move, the settled area once the moves stop', () => {
    const { map, move } = fakeMap();
    const actions: MapFocusAction[] = [];
    reportMoves(map, (action) => actions.push(action));
    const areas = () => actions.filter((a) => a.type === 'area');
    expect(areas()).toHaveLength(1);
    move(25);
    vi.advanceTimersByTime(SETTLE_MS - 50);
    move(26);
    vi.advanceTimersByTime(SETTLE_MS - 50);
    move(27);
    expect(actions.filter((a) => a.type === 'view')).toHaveLength(4);
    expect(areas()).toHaveLength(1);
    vi.advanceTimersByTime(SETTLE_MS);
    expect(areas()).toHaveLength(2);
    expect(areas()[1]).toEqual({ type: 'area', area: { west: 27, south: 60, east: 28, north: 61, zoom: 9 } });
  });

  it('stops listening, and drops a pending report, when the map goes', () => {
    const { map, move, listening } = fakeMap();
    const actions: MapFocusAction[] = [];
    const stop = reportMoves(map, (action) => actions.push(action));
    move(30);
    stop();
    vi.advanceTimersByTime(SETTLE_MS * 2);
    expect(listening()).toBe(false);
    expect(actions.filter((a) => a.type === 'area')).toHaveLength(1);
  });
});
