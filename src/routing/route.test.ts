// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { cellPath, formatRoute, formatView, parseHints, parseRoute, parseView } from './route';

describe('routes', () => {
  it('reads the start page', () => {
    expect(parseRoute('/')).toEqual({ name: 'home' });
    expect(parseRoute('')).toEqual({ name: 'home' });
  });

  it('reads a cell and keeps the text as typed', () => {
    expect(parseRoute('/cell/244/05/10038')).toEqual({
      name: 'cell',
      id: { mcc: '244', mnc: '05', cellid: '10038' },
      hints: {},
    });
    expect(parseRoute('/cell/244/91/10038/')).toMatchObject({ name: 'cell' });
  });

  it('names what is wrong with a bad cell link', () => {
    const route = parseRoute('/cell/abc/91/1234567890123?lac=1x');
    expect(route.name).toBe('bad-cell');
    if (route.name !== 'bad-cell') return;
    expect(route.problems).toEqual({
      mcc: { field: 'mcc', code: 'digits' },
      cellid: { field: 'cellid', code: 'cellid-range' },
      lac: { field: 'lac', code: 'lac-range' },
    });
    expect(route.given).toEqual({ mcc: 'abc', mnc: '91', cellid: '1234567890123' });
    expect(route.givenHints).toEqual({ lac: '1x' });
  });

  it('holds a link to the form’s rules: hex read as decimal, MCC of three digits, radio in any case', () => {
    expect(parseRoute('/cell/244/91/0x2736')).toEqual({
      name: 'cell',
      id: { mcc: '244', mnc: '91', cellid: '10038' },
      hints: {},
    });
    expect(parseRoute('/cell/24/91/1')).toMatchObject({
      name: 'bad-cell',
      problems: { mcc: { code: 'mcc-length' } },
    });
    expect(parseRoute('/cell/244/91/1?radio=lte')).toMatchObject({ hints: { radio: 'LTE' } });
    expect(parseRoute('/cell/244/91/1?radio=5G')).toMatchObject({
      name: 'bad-cell',
      problems: { radio: { code: 'radio-unknown' } },
    });
  });

  it('does not throw on broken escapes or unknown paths', () => {
    expect(parseRoute('/cell/%E0%A4%A/91/1').name).toBe('not-found');
    expect(parseRoute('/cells').name).toBe('not-found');
  });

  it('formats what it parses', () => {
    const id = { mcc: '244', mnc: '05', cellid: '10038' };
    expect(cellPath(id)).toBe('/cell/244/05/10038');
    expect(parseRoute(formatRoute({ name: 'cell', id, hints: {} }))).toEqual({ name: 'cell', id, hints: {} });
    expect(formatRoute({ name: 'home' })).toBe('/');
  });

  it("keeps the lookup's LAC and radio in the link, the radio as the lookup names it", () => {
    const id = { mcc: '244', mnc: '91', cellid: '20500001' };
    const hints = { lac: '6001', radio: 'LTE' };
    expect(cellPath(id, hints)).toBe('/cell/244/91/20500001?lac=6001&radio=LTE');
    expect(parseRoute('/cell/244/91/20500001?lac=6001&radio=LTE')).toEqual({ name: 'cell', id, hints });
    expect(parseRoute('/cell/244/91/20500001?radio=nr')).toEqual({
      name: 'cell',
      id,
      hints: { radio: 'NR' },
    });
    expect(parseRoute('/cell/244/91/20500001?lac=&radio=')).toEqual({ name: 'cell', id, hints: {} });
    expect(parseHints('?view=1,2,3&lac=12x')).toEqual({ lac: '12x' });
  });

  it('parses the map view of a shared link and ignores nonsense', () => {
    expect(parseView('?view=60.1,20.5,9')).toEqual({ lat: 60.1, lon: 20.5, zoom: 9 });
    expect(parseView('?view=91,0,3')).toBeUndefined();
    expect(parseView('?view=1,2')).toBeUndefined();
    expect(parseView('?view=a,b,c')).toBeUndefined();
    expect(parseView('?view=1,2,30')).toBeUndefined();
    expect(parseView('')).toBeUndefined();
  });

  it('formats the view with five decimals and a whole zoom', () => {
    expect(formatView({ lat: 60.1, lon: 20.5, zoom: 9.4 })).toBe('60.10000,20.50000,9');
  });
});
