import { describe, expect, it } from 'vitest';
import { DOCUMENTED_CELL } from '../api/fixtures/documented-cell';
import { flyTarget, initialMapFocus, reduceMapFocus, type MapFocus, type MapFocusAction } from './map-focus';

const entry = { id: 'a', at: 1, cell: DOCUMENTED_CELL };
const ENTRY_PATH = '/cell/244/91/10038';
const run = (state: MapFocus, ...actions: MapFocusAction[]) => actions.reduce(reduceMapFocus, state);

describe('the map focus', () => {
  it('starts on the cell a link names, else on the phone; a shared view is kept', () => {
    expect(initialMapFocus('/cell/244/91/1', '').target).toBe('cell');
    expect(initialMapFocus('/', '?view=60.1,20.5,9')).toMatchObject({
      target: 'phone',
      flights: 0,
      initialView: { lat: 60.1, lon: 20.5, zoom: 9 },
    });
  });

  it('an entry shown again survives the navigation to its own path, and ends at any other', () => {
    const shown = run(initialMapFocus('/cell/244/91/400001', ''), {
      type: 'show',
      entry,
      path: ENTRY_PATH,
    });
    const there = reduceMapFocus(shown, { type: 'route', path: ENTRY_PATH });
    expect(there.shown).toEqual({ path: ENTRY_PATH, entry });
    expect(there).toMatchObject({ target: 'cell', flights: 1, path: ENTRY_PATH });
    expect(reduceMapFocus(there, { type: 'route', path: '/cell/244/91/400001' }).shown).toBeNull();
  });

  it('removing the shown entry leaves its path without an answer and without a read; a lookup reads again', () => {
    const shown = run(
      initialMapFocus(ENTRY_PATH, ''),
      { type: 'show', entry, path: ENTRY_PATH },
      { type: 'route', path: ENTRY_PATH },
    );
    expect(reduceMapFocus(shown, { type: 'unshow', id: 'other' })).toBe(shown);
    const removed = reduceMapFocus(shown, { type: 'unshow', id: 'a' });
    expect(removed.shown).toEqual({ path: ENTRY_PATH, entry: null });
    expect(reduceMapFocus(shown, { type: 'unshow' }).shown).toEqual({ path: ENTRY_PATH, entry: null });
    expect(reduceMapFocus(removed, { type: 'look-up' }).shown).toBeNull();
  });

  it('another format reads the shown entry’s cell again, and leaves the map where it is', () => {
    const shown = run(initialMapFocus(ENTRY_PATH, ''), { type: 'show', entry, path: ENTRY_PATH });
    const again = reduceMapFocus(shown, { type: 'read-again' });
    expect(again.shown).toBeNull();
    expect(again).toMatchObject({ target: 'cell', flights: shown.flights, path: shown.path });
    expect(reduceMapFocus(again, { type: 'read-again' })).toBe(again);
  });

  it('locating turns to the phone and leaves a shown entry; an address naming a cell turns back to it', () => {
    const shown = run(initialMapFocus('/', ''), { type: 'show', entry, path: ENTRY_PATH });
    const located = reduceMapFocus(shown, { type: 'locate' });
    expect(located).toMatchObject({ target: 'phone', flights: 2, shown: { entry } });
    expect(reduceMapFocus(located, { type: 'route', path: '/cell/244/91/1' }).target).toBe('cell');
    expect(reduceMapFocus(located, { type: 'route', path: '/' }).target).toBe('phone');
  });
});

describe('what the map draws', () => {
  it('starts empty; a drawing replaces the layers it names whole and keeps the others as they were', () => {
    const start = initialMapFocus('/', '');
    expect(start).toMatchObject({ phone: undefined, trail: [], cell: undefined, batch: undefined });
    const batch = { runId: 1, cells: [DOCUMENTED_CELL], count: 1, complete: false };
    const drawn = run(
      start,
      { type: 'draw', drawing: { cell: DOCUMENTED_CELL } },
      { type: 'draw', drawing: { batch } },
    );
    expect(drawn.cell).toBe(DOCUMENTED_CELL);
    expect(drawn.batch).toBe(batch);
    expect(drawn.trail).toBe(start.trail);
    expect(reduceMapFocus(drawn, { type: 'draw', drawing: { cell: undefined } })).toMatchObject({
      cell: undefined,
      batch,
    });
  });
});

describe('where the map flies', () => {
  const phone = { lat: 60.17, lon: 24.94 };

  it('to what is in focus, again after each command', () => {
    const focus = { target: 'cell' as const, flights: 3, initialView: undefined };
    expect(flyTarget(focus, phone, DOCUMENTED_CELL)).toEqual({
      lat: 60.316391,
      lon: 20.994058,
      token: 'cell 244/91/10038 3',
    });
    expect(flyTarget({ ...focus, target: 'phone' }, phone, DOCUMENTED_CELL)).toEqual({
      ...phone,
      token: 'phone 3',
    });
    expect(flyTarget({ ...focus, target: 'phone' }, undefined, DOCUMENTED_CELL)).toBeUndefined();
  });

  it('nowhere on a shared link with a view, until a command', () => {
    const initialView = { lat: 60, lon: 20, zoom: 9 };
    expect(flyTarget({ target: 'cell', flights: 0, initialView }, phone, DOCUMENTED_CELL)).toBeUndefined();
    expect(flyTarget({ target: 'cell', flights: 1, initialView }, phone, DOCUMENTED_CELL)).toBeDefined();
  });
});
