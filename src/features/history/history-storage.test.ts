// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { DOCUMENTED_CELL } from '../../api/fixtures/documented-cell';
import type { Cell } from '../../api/types';
import { addEntry, HISTORY_LIMIT, parseHistory, PHONE_LIMIT, type HistoryEntry } from './history-entries';

const cellOf = (entry: HistoryEntry | undefined) => (entry?.kind === 'camara' ? undefined : entry);
import { saveKeys } from '../../state/keys-storage';
import { history, HISTORY_STORAGE_KEY } from './history-storage';

const cell = (cellid: string): Cell => ({ ...DOCUMENTED_CELL, cellid });

describe('history storage', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
    history.reset();
  });

  it('starts empty on garbage and never throws', () => {
    for (const bad of ['{', 'null', '42', '"x"', '{"a":1}', '[1,null,{"id":"x"}]']) {
      expect(parseHistory(bad)).toEqual([]);
    }
    window.localStorage.setItem(HISTORY_STORAGE_KEY, '{not json');
    expect(history.entries()).toEqual([]);
  });

  it("keeps a cell answer's source and credit with it, stored as headers and read back through their checks", () => {
    const facts = {
      source: 'opencellid',
      author: { url: 'https://opencellid.org/', title: 'OpenCelliD contributors' },
      license: { url: 'https://creativecommons.org/licenses/by-sa/4.0/', title: 'CC BY-SA 4.0' },
      rangeMeters: 1200,
    };
    saveKeys({ serviceKey: 'svc', userKey: 'usr' }, true);
    history.add({ kind: 'cell', cell: cell('7'), facts }, 5);
    const stored = JSON.parse(window.localStorage.getItem(HISTORY_STORAGE_KEY) ?? '{}') as {
      entries: Array<{ facts: unknown }>;
    };
    expect(stored.entries[0]?.facts).toMatchObject({ 'Cell-Source': 'opencellid', 'Cell-Range': '1200' });
    history.reset();
    expect(cellOf(history.entries()[0])?.facts).toEqual(facts);
    const hostile = {
      id: 'h',
      at: 1,
      kind: 'cell',
      cell: cell('8'),
      facts: { 'Cell-Source': 'x', Link: '<javascript:1>; rel="author"; title="x"' },
    };
    expect(cellOf(parseHistory(JSON.stringify([hostile]))[0])?.facts).toEqual({ source: 'x' });
  });

  it('drops bad entries and keeps good ones', () => {
    const good = { id: 'a', at: 1, kind: 'cell', cell: cell('1') };
    const badLat = { id: 'b', at: 2, kind: 'cell', cell: { ...cell('2'), lat: '95' } };
    const badKind = { id: 'c', at: 3, kind: 'keys', cell: cell('3') };
    const parsed = parseHistory(JSON.stringify([good, badLat, badKind]));
    expect(parsed.map((e) => e.id)).toEqual(['a']);
    expect(cellOf(parsed[0])?.cell.position).toEqual({ lat: 60.316391, lon: 20.994058 });
  });

  it('newest first, at most 100, the same answer again moves to the top', () => {
    let entries = addEntry([], { kind: 'cell', cell: cell('1') }, 1, 'a');
    entries = addEntry(entries, { kind: 'cell', cell: cell('2') }, 2, 'b');
    entries = addEntry(entries, { kind: 'cell', cell: cell('2') }, 3, 'c');
    expect(entries.map((e) => [e.id, e.at])).toEqual([
      ['c', 3],
      ['a', 1],
    ]);
    entries = addEntry(entries, { kind: 'cell', cell: cell('1') }, 4, 'd');
    expect(entries.map((e) => e.id)).toEqual(['d', 'c']);
    for (let i = 0; i < 150; i++)
      entries = addEntry(entries, { kind: 'cell', cell: cell(String(i)) }, i, `x${i}`);
    expect(entries).toHaveLength(HISTORY_LIMIT);
    expect(cellOf(entries[0])?.cell.cellid).toBe('149');
  });

  it('orders by the time of the read: a repeat answered from what was kept stays in its place', () => {
    let entries = addEntry([], { kind: 'cell', cell: cell('1') }, 10, 'a');
    entries = addEntry(entries, { kind: 'cell', cell: cell('2') }, 20, 'b');
    entries = addEntry(entries, { kind: 'cell', cell: cell('1') }, 10, 'c');
    expect(entries.map((e) => [cellOf(e)?.cell.cellid, e.at])).toEqual([
      ['2', 20],
      ['1', 10],
    ]);
    entries = addEntry(entries, { kind: 'cell', cell: cell('1') }, 30, 'd');
    expect(entries.map((e) => cellOf(e)?.cell.cellid)).toEqual(['1', '2']);
  });

  it('keeps at most 20 places of the phone, so they never push a lookup out', () => {
    let entries = addEntry([], { kind: 'cell', cell: cell('lookup') }, 1, 'l');
    for (let i = 0; i < 150; i++) {
      const place = { kind: 'location' as const, cell: cell(String(i)), msisdn: '358401234567' };
      entries = addEntry(entries, place, 2 + i, `p${i}`);
    }
    expect(entries.filter((e) => e.kind === 'location')).toHaveLength(PHONE_LIMIT);
    expect(cellOf(entries.at(-1))?.cell.cellid).toBe('lookup');
  });

  it('adds, removes one, clears all, and persists beside remembered keys, never holding them', () => {
    saveKeys({ serviceKey: 'svc', userKey: 'usr' }, true);
    history.add({ kind: 'cell', cell: cell('1') }, 1);
    history.add({ kind: 'location', cell: cell('2'), msisdn: '358401234567' }, 2);
    expect(history.entries().map((e) => e.kind)).toEqual(['location', 'cell']);
    const stored = window.localStorage.getItem(HISTORY_STORAGE_KEY) ?? '';
    expect(stored).not.toMatch(/serviceKey|userKey/);
    history.reset();
    expect(history.entries()).toHaveLength(2);
    history.remove(history.entries()[0]!.id);
    expect(history.entries().map((e) => cellOf(e)?.cell.cellid)).toEqual(['1']);
    history.clear();
    expect(history.entries()).toEqual([]);
    expect(window.localStorage.getItem(HISTORY_STORAGE_KEY)).toBeNull();
  });
});
