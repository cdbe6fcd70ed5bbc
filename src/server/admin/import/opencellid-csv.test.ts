import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  emptyCell,
  isHeaderLine,
  LineSplitter,
  lineText,
  MAX_LINE_BYTES,
  OPENCELLID_HEADER,
  parseCellBytes,
  type ParsedCell,
} from './opencellid-csv';

/** A line as the importer reads it: its bytes. */
function parseCellLine(line: string, out: ParsedCell) {
  const bytes = Buffer.from(line, 'utf8');
  return parseCellBytes(bytes, 0, bytes.length, out);
}

const row = (
  fields: Partial<Record<'mcc' | 'net' | 'area' | 'cell' | 'lon' | 'lat' | 'samples', string>> = {},
): string =>
  [
    'LTE',
    fields.mcc ?? '244',
    fields.net ?? '91',
    fields.area ?? '2020',
    fields.cell ?? '123456',
    '0',
    fields.lon ?? '23.761',
    fields.lat ?? '61.4978',
    '1000',
    fields.samples ?? '12',
    '1',
    '1282569574',
    '1300155341',
    '0',
  ].join(',');

describe('parseCellLine', () => {
  it('skips a line longer than any row as too long, valid fields or not', () => {
    const cell = emptyCell();
    const long = `${row()},${'0'.repeat(MAX_LINE_BYTES - row().length)}`;
    expect(long.length).toBe(MAX_LINE_BYTES + 1);
    expect(parseCellLine(long, cell)).toBe('long');
    expect(parseCellLine(long.slice(0, MAX_LINE_BYTES), cell)).toBe('fields');
  });

  it('maps net to mnc, area to lac and cell to cellid', () => {
    const cell = emptyCell();
    expect(parseCellLine(row(), cell)).toBeUndefined();
    expect(cell).toEqual({
      mcc: 244,
      mnc: 91,
      lac: 2020,
      cellid: 123456,
      lon: 23.761,
      lat: 61.4978,
      samples: 12,
      radio: 3,
      range: 1000,
      updated: 1300155341,
    });
  });

  it('keeps radio, range and updated, and leaves them unknown when they do not read', () => {
    const cell = emptyCell();
    expect(
      parseCellLine('NR,244,91,1,2,0,24.9,60.1,2500.6,3,1,1600000000,1700000000,-80', cell),
    ).toBeUndefined();
    expect(cell).toMatchObject({ radio: 4, range: 2501, updated: 1700000000 });
    expect(parseCellLine('WIMAX,244,91,1,2,0,24.9,60.1,,3,1,1600000000,,-80', cell)).toBeUndefined();
    expect(cell).toMatchObject({ radio: 0, range: -1, updated: -1 });
    expect(parseCellLine('UMTS,244,91,1,2,0,24.9,60.1,-5,3,1,1600000000,1.5', cell)).toBeUndefined();
    expect(cell).toMatchObject({ radio: 2, range: -1, updated: -1 });
    expect(parseCellLine('GSM,244,91,1,2,0,24.9,60.1,100,3', cell)).toBeUndefined();
    expect(cell).toMatchObject({ radio: 1, range: 100, updated: -1 });
    expect(parseCellLine('CDMA,244,91,1,2,0,24.9,60.1,100,3,1,1600000000,1700000001', cell)).toBeUndefined();
    expect(cell).toMatchObject({ radio: 5, updated: 1700000001 });
  });

  it('accepts the edges of every range and rows cut after samples', () => {
    const cell = emptyCell();
    const edge = row({
      mcc: '999',
      net: '0',
      area: '4294967295',
      cell: '68719476735',
      lon: '-180',
      lat: '90.000000',
    });
    expect(parseCellLine(edge, cell)).toBeUndefined();
    expect(cell.cellid).toBe(2 ** 36 - 1);
    expect(parseCellLine('GSM,1,2,3,4,,+1.5,-2.25,,0', cell)).toBeUndefined();
    expect(cell).toMatchObject({ lon: 1.5, lat: -2.25, samples: 0 });
  });

  it.each([
    ['GSM,244,91,1', 'fields'],
    [`${row()},x,y,z,w`, 'fields'],
    [row({ mcc: '1000' }), 'mcc'],
    [row({ mcc: '' }), 'mcc'],
    [row({ net: 'x' }), 'mnc'],
    [row({ net: '-1' }), 'mnc'],
    [row({ area: '-1' }), 'lac'],
    [row({ area: '4294967296' }), 'lac'],
    [row({ cell: '68719476736' }), 'cellid'],
    [row({ cell: '1.5' }), 'cellid'],
    [row({ lon: '180.5' }), 'lon'],
    [row({ lon: '1e2' }), 'lon'],
    [row({ lon: '' }), 'lon'],
    [row({ lat: '-90.01' }), 'lat'],
    [row({ lat: 'NaN' }), 'lat'],
    [row({ lat: '0x10' }), 'lat'],
    [row({ lat: '.' }), 'lat'],
    [row({ samples: '' }), 'samples'],
    [row({ samples: '3.5' }), 'samples'],
    [row({ lat: '1.2.3' }), 'lat'],
    [row({ lat: '+-1' }), 'lat'],
    [row({ lon: '２４.9' }), 'lon'],
  ])('skips %s (%s)', (line, reason) => {
    expect(parseCellLine(line, emptyCell())).toBe(reason);
  });

  it('reads every decimal as Number() reads its text', () => {
    const digits = (max: number) => fc.stringMatching(new RegExp(`^[0-9]{0,${max}}$`));
    const text = fc
      .tuple(fc.constantFrom('', '-', '+'), digits(3), fc.boolean(), digits(20))
      .map(([sign, whole, dot, fraction]) => `${sign}${whole}${dot ? '.' : ''}${dot ? fraction : ''}`)
      .filter((t) => /\d/.test(t));
    fc.assert(
      fc.property(text, text, (lon, lat) => {
        const cell = emptyCell();
        const reason = parseCellLine(row({ lon, lat }), cell);
        const [x, y] = [Number(lon), Number(lat)];
        const expected = !(x >= -180 && x <= 180) ? 'lon' : !(y >= -90 && y <= 90) ? 'lat' : undefined;
        expect(reason).toBe(expected);
        if (expected === undefined) expect([cell.lon, cell.lat]).toEqual([x, y]);
      }),
      { numRuns: 5000 },
    );
  });
});

describe('isHeaderLine', () => {
  it('knows the documented header and rejects data', () => {
    expect(isHeaderLine(OPENCELLID_HEADER)).toBe(true);
    expect(isHeaderLine('Radio,MCC,Net,Area,Cell,Unit,Lon,Lat')).toBe(true);
    expect(isHeaderLine(row())).toBe(false);
  });
});

describe('LineSplitter', () => {
  const split = (text: string, size: number): string[] => {
    const lines: string[] = [];
    const splitter = new LineSplitter((bytes, start, end) => lines.push(lineText(bytes, start, end, 1000)));
    const bytes = Buffer.from(text, 'utf8');
    for (let i = 0; i < bytes.length; i += size) splitter.push(bytes.subarray(i, i + size));
    splitter.end();
    return lines;
  };

  it('joins lines across chunks of any size, drops \\r and a BOM, and keeps split UTF-8 characters whole', () => {
    for (const size of [1, 2, 3, 5, 1000]) {
      expect(split('\ufeffa,b\r\nBrändö\n\nlast\r', size)).toEqual(['a,b', 'Brändö', '', 'last']);
      expect(split('\ufeff', size)).toEqual([]);
      expect(split('x\r\n', size)).toEqual(['x']);
    }
  });

  it('keeps no more of a line than the cap, however long the line and in however many chunks', () => {
    const lengths: number[] = [];
    const splitter = new LineSplitter((_bytes, start, end) => lengths.push(end - start));
    const chunk = Buffer.alloc(256 << 10, 'x');
    for (let i = 0; i < 128; i++) splitter.push(chunk);
    splitter.push(Buffer.from(`\n${row()}\nshort`));
    splitter.end();
    expect(lengths).toEqual([MAX_LINE_BYTES + 1, row().length, 'short'.length]);
  });

  it('shows a skipped line as its first characters, whole', () => {
    const bytes = Buffer.from(`${'ä'.repeat(300)}`, 'utf8');
    expect(lineText(bytes, 0, bytes.length)).toBe('ä'.repeat(200));
  });
});
