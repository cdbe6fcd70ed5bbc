// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { DOCUMENTED_CELL } from '../../api/fixtures/documented-cell';
import { keyFingerprint } from '../../api/keys';
import type { Cell, Keys } from '../../api/types';
import { createKeysStore } from '../../state/keys';
import { KEYS_STORAGE_KEY, saveKeys } from '../../state/keys-storage';
import { history, HISTORY_STORAGE_KEY } from './history-storage';

/* The history holds the phone number and every located cell: it is kept where the keys are (this tab, or this
   device when they are remembered), belongs to those keys, and goes when they are forgotten. */
const cell = (cellid: string): Cell => ({ ...DOCUMENTED_CELL, cellid });
const A: Keys = { serviceKey: 'service-a', userKey: 'user-a' };
const B: Keys = { serviceKey: 'service-b', userKey: 'user-b' };
const held = (keys: Keys, remembered: boolean) => ({
  place: remembered ? ('local' as const) : ('session' as const),
  owner: keyFingerprint(keys),
});
const stored = (storage: Storage) => storage.getItem(HISTORY_STORAGE_KEY);
const ids = () => history.entries().map((entry) => (entry.kind === 'camara' ? entry.id : entry.cell.cellid));

/** What another tab's write looks like to this one. */
function fromAnotherTab(key: string, value: string | null): void {
  if (value === null) window.localStorage.removeItem(key);
  else window.localStorage.setItem(key, value);
  window.dispatchEvent(
    new StorageEvent('storage', { key, newValue: value, storageArea: window.localStorage }),
  );
}

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  history.reset();
});

describe('where the history is kept', () => {
  it('follows the keys: this tab only, unless they are remembered on this device', () => {
    saveKeys(A, false);
    history.add({ kind: 'location', cell: cell('1'), msisdn: '358401234567' }, 1);
    expect(stored(window.sessionStorage)).toContain('358401234567');
    expect(stored(window.localStorage)).toBeNull();

    saveKeys(A, true);
    history.follow(held(A, true));
    expect(ids()).toEqual(['1']);
    expect(stored(window.localStorage)).toContain('358401234567');
    expect(stored(window.sessionStorage)).toBeNull();

    saveKeys(A, false);
    history.follow(held(A, false));
    expect(ids()).toEqual(['1']);
    expect(stored(window.localStorage)).toBeNull();
    expect(stored(window.sessionStorage)).toContain('358401234567');
  });

  it('is gone when the keys are forgotten, and is not shown to other keys', () => {
    saveKeys(A, true);
    history.add({ kind: 'cell', cell: cell('1') }, 1);
    history.follow({ place: 'none', owner: null });
    expect(ids()).toEqual([]);
    expect(stored(window.localStorage)).toBeNull();
    expect(stored(window.sessionStorage)).toBeNull();

    history.follow(held(A, true));
    history.add({ kind: 'cell', cell: cell('2') }, 2);
    history.follow(held(B, true));
    expect(ids()).toEqual([]);
    history.reset();
    saveKeys(B, true);
    expect(ids()).toEqual([]);
  });

  it('drops a history left by an earlier version unless remembered keys are there to own it', () => {
    const old = JSON.stringify([{ id: 'x', at: 1, kind: 'cell', cell: cell('9') }]);
    window.localStorage.setItem(HISTORY_STORAGE_KEY, old);
    saveKeys(A, false);
    expect(ids()).toEqual([]);
    expect(stored(window.localStorage)).toBeNull();

    history.reset();
    window.sessionStorage.clear();
    window.localStorage.setItem(HISTORY_STORAGE_KEY, old);
    saveKeys(A, true);
    expect(ids()).toEqual(['9']);
  });
});

describe('two tabs', () => {
  it('see each other’s answers and never overwrite them', () => {
    saveKeys(A, true);
    history.add({ kind: 'cell', cell: cell('1') }, 1);
    // The other tab read the list before this tab's answer, then added its own to what it read.
    const theirs = JSON.parse(stored(window.localStorage) ?? '{}') as { entries: unknown[] };
    theirs.entries.unshift({ id: 'other', at: 2, kind: 'cell', cell: cell('2') });
    fromAnotherTab(HISTORY_STORAGE_KEY, JSON.stringify(theirs));
    expect(ids()).toEqual(['2', '1']);
    // A write from a tab whose list is out of date: this tab adds to what is stored, not to what it had.
    window.localStorage.setItem(
      HISTORY_STORAGE_KEY,
      JSON.stringify({
        ...theirs,
        entries: [{ id: 'late', at: 3, kind: 'cell', cell: cell('3') }, ...theirs.entries],
      }),
    );
    history.add({ kind: 'cell', cell: cell('4') }, 4);
    expect(ids()).toEqual(['4', '3', '2', '1']);
  });

  it('forget keys in one tab, and a tab that remembered them forgets them and their history too', () => {
    saveKeys(A, true);
    let forgotten = 0;
    const keys = createKeysStore(() => (forgotten += 1));
    expect(keys.get()).toMatchObject({ keys: A, remembered: true });
    history.add({ kind: 'cell', cell: cell('1') }, 1);
    fromAnotherTab(HISTORY_STORAGE_KEY, null);
    fromAnotherTab(KEYS_STORAGE_KEY, null);
    expect(keys.get()).toMatchObject({ keys: null, remembered: false });
    expect(forgotten).toBe(1);
    expect(ids()).toEqual([]);

    fromAnotherTab(KEYS_STORAGE_KEY, JSON.stringify(B));
    expect(keys.get()).toMatchObject({ keys: B, remembered: true });
    keys.dispose();
  });

  it('a tab whose keys are for this tab only is not touched by another tab’s remembered keys', () => {
    saveKeys(A, false);
    const keys = createKeysStore(() => undefined);
    fromAnotherTab(KEYS_STORAGE_KEY, JSON.stringify(B));
    expect(keys.get()).toMatchObject({ keys: A, remembered: false });
    keys.dispose();
  });
});
