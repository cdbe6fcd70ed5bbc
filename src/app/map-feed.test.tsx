// @vitest-environment jsdom
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DOCUMENTED_CELL } from '../api/fixtures/documented-cell';
import type { Location } from '../api/types';
import { locationQuery } from '../features/location/use-location';
import { fakeFrames } from '../testing/fake-frames';
import { NO_RAW } from '../testing/stand-ins';
import { testSession } from '../testing/test-session';
import { MapSection } from './map-section';

vi.mock('../map/map-view', () => ({ MapView: () => null }));

const KEYS = { serviceKey: 's', userKey: 'u' };
const PHONE: Location = {
  msisdn: '358401234567',
  cell: {
    ...DOCUMENTED_CELL,
    cellid: '400001',
    name: 'Helsinki Kamppi',
    position: { lat: 60.17, lon: 24.93 },
  },
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the map is fed one way', () => {
  it('the phone, its trail and the cell shown reach the map focus a painted frame after they are shown', () => {
    const frames = fakeFrames();
    const { session, queryClient, wrapper } = testSession();
    session.keys.save(KEYS, false);
    queryClient.setQueryData(locationQuery(session.client, KEYS, 'xml').queryKey, {
      data: PHONE,
      raw: NO_RAW,
    });
    session.focus.show({ id: 'a', at: 1, cell: DOCUMENTED_CELL });
    render(<MapSection />, { wrapper });
    expect(session.focus.get()).toMatchObject({ phone: undefined, cell: undefined, trail: [] });
    act(() => {
      frames.frame();
      frames.idle();
    });
    const focus = session.focus.get();
    expect(focus.phone).toBe(PHONE);
    expect(focus.trail).toEqual([
      expect.objectContaining({ lat: 60.17, lon: 24.93, name: 'Helsinki Kamppi' }),
    ]);
    expect(focus.cell).toBe(DOCUMENTED_CELL);
    expect(focus.inView).toBeUndefined();
  });

  it('the cells in view reach it while they are shown, and leave it when they are not', async () => {
    const frames = fakeFrames();
    const cells = [{ ...DOCUMENTED_CELL, range: 1200 }];
    const answer = { data: { cells, truncated: false, limit: 5000 }, raw: NO_RAW };
    const { session, wrapper } = testSession({ getCellsInView: () => Promise.resolve(answer) });
    session.keys.save(KEYS, false);
    render(<MapSection />, { wrapper });
    act(() => {
      session.focus.dispatch({ type: 'area', area: { west: 20, south: 60, east: 21, north: 61, zoom: 9 } });
      session.inView.toggle(true);
    });
    await waitFor(() => {
      act(() => {
        frames.frame();
        frames.idle();
      });
      expect(session.focus.get().inView).toBe(cells);
    });
    act(() => session.inView.toggle(false));
    act(() => {
      frames.frame();
      frames.idle();
    });
    expect(session.focus.get().inView).toBeUndefined();
  });
});
