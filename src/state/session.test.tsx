// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../api/settings';
import { queryKeys } from '../queries/query-keys';
import { testSession } from '../testing/test-session';

describe('the session', () => {
  it('forgetting the keys forgets every answer read with them, not the service settings', () => {
    const { session, queryClient } = testSession();
    const keys = { serviceKey: 's', userKey: 'u' };
    session.keys.save(keys, true);
    queryClient.setQueryData(queryKeys.location.read(keys, 'xml'), 'phone');
    queryClient.setQueryData(
      queryKeys.cell.read(keys, { mcc: '244', mnc: '91', cellid: '1' }, 'json'),
      'cell',
    );
    const box = { bbox: { west: 24, south: 60, east: 25, north: 61 }, limit: 10 };
    queryClient.setQueryData(queryKeys.cellsInView.read(keys, box, 'xml'), 'cells in view');
    queryClient.setQueryData(queryKeys.settings, DEFAULT_SETTINGS);
    session.keys.forget();
    expect(session.keys.get()).toMatchObject({ keys: null, remembered: false, editing: false });
    expect(window.localStorage.length + window.sessionStorage.length).toBe(0);
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.queryKey),
    ).toEqual([queryKeys.settings]);
  });

  it('forgetting a user, or saving another user’s keys, forgets what the tab held for them', () => {
    const { session, queryClient } = testSession();
    const a = { serviceKey: 's', userKey: 'a' };
    session.keys.save(a, false);
    const user = session.keys.get().user;
    session.focus.openCell({ mcc: '244', mnc: '91', cellid: '10038' });
    const cell = { lat: '60', lon: '20', mcc: '244', mnc: '91', lac: '0', cellid: '10038', name: 'Brändö' };
    session.focus.draw({ cell: { ...cell, position: { lat: 60, lon: 20 } }, trail: [] });
    session.device.set({ status: 'ok', lat: 60, lon: 20, accuracy: 5 });
    session.pick.choose({ lat: 60.17, lon: 24.94 });
    queryClient.setQueryData(queryKeys.location.read(a, 'xml'), 'phone');

    session.keys.save({ serviceKey: 's', userKey: 'b' }, false);
    expect(session.keys.get().user).toBe(user + 1);
    expect(queryClient.getQueryData(queryKeys.location.read(a, 'xml'))).toBeUndefined();
    expect(session.focus.get()).toMatchObject({ cell: undefined, device: undefined, shown: null });
    expect(session.device.get()).toEqual({ status: 'idle' });
    expect(session.pick.get().point).toBeUndefined();
    expect(window.location.pathname).toBe('/');

    session.keys.save({ serviceKey: 's', userKey: 'b' }, true);
    expect(session.keys.get().user).toBe(user + 1);
    session.keys.forget();
    expect(session.keys.get()).toMatchObject({ user: user + 2, acted: { what: 'forgotten' } });
  });

  it('asking for the keys form opens it and asks for focus each time', () => {
    const { session } = testSession();
    session.keys.openForm();
    session.keys.openForm();
    expect(session.keys.get()).toMatchObject({ editing: true, formRequests: 2 });
    session.keys.closeForm();
    expect(session.keys.get().editing).toBe(false);
  });

  it('the format is remembered on this device', () => {
    const { session } = testSession();
    session.format.choose('json');
    expect(testSession().session.format.get()).toBe('json');
  });

  it('cells in view: off at first; the switch keeps the filters, a filter keeps the switch', () => {
    const { session } = testSession();
    expect(session.inView.get()).toEqual({ on: false });
    session.inView.filter({ operator: { mcc: '244', mnc: '91' }, radio: 'LTE' });
    session.inView.toggle(true);
    expect(session.inView.get()).toEqual({ on: true, operator: { mcc: '244', mnc: '91' }, radio: 'LTE' });
    session.inView.filter({ radio: 'NR' });
    expect(session.inView.get()).toEqual({ on: true, radio: 'NR' });
  });

  it('opening a cell looks it up: the address names it and the map flies to it', () => {
    const { session } = testSession();
    const flights = session.focus.get().flights;
    session.focus.openCell({ mcc: '244', mnc: '05', cellid: '400201' });
    expect(window.location.pathname).toBe('/cell/244/05/400201');
    expect(session.focus.get()).toMatchObject({ target: 'cell', flights: flights + 1 });
  });
});
