import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_BYTES, MAX_LINES, parseBatch } from './parse';

const ids = (text: string) => parseBatch(text).entries.map((e) => `${e.id.mcc}/${e.id.mnc}/${e.id.cellid}`);

describe('parseBatch', () => {
  it('reads comma, tab, semicolon and hyphenated lines; text kept as given', () => {
    const text = [
      '244,91,10038',
      '244\t05\t400101',
      '244;12;400301',
      '244-91-400401',
      '244-91-0-400201',
    ].join('\n');
    expect(ids(text)).toEqual([
      '244/91/10038',
      '244/05/400101',
      '244/12/400301',
      '244/91/400401',
      '244/91/400201',
    ]);
    const result = parseBatch(text);
    expect(result.entries[4]).toMatchObject({ line: 5, lac: '0' });
    expect(result.bad).toEqual([]);
    expect(result.header).toBe(false);
  });

  it('reads full-width digits and digit groups split by a space as the form does', () => {
    expect(ids('２４４,９１,10 038')).toEqual(['244/91/10038']);
    expect(parseBatch('244,91,10 03x').bad).toHaveLength(1);
    expect(ids('244;91;6 001;１００３８')).toEqual(['244/91/10038']);
    expect(parseBatch('244;91;6 001;１００３８').entries[0]?.lac).toBe('6001');
  });

  it('skips blank lines, # comments, CRLF and a BOM; keeps line numbers of the input', () => {
    const result = parseBatch('\uFEFF# my cells\r\n\r\n  244,91,10038  \r\n# another\r\n244 , 91 , 1\r\n');
    expect(result.entries.map((e) => e.line)).toEqual([3, 5]);
    expect(ids('\uFEFF244,91,10038')).toEqual(['244/91/10038']);
  });

  it('takes a first line with column names as a header and reads columns by name', () => {
    const result = parseBatch(
      'radio,mcc,net,area,cell,lon,lat\nLTE,244,91,7,10038,20.9,60.3\nGSM,244,5,0,400201,1,2',
    );
    expect(result.header).toBe(true);
    expect(ids('radio,mcc,net,area,cell\nLTE,244,91,7,10038')).toEqual(['244/91/10038']);
    expect(result.entries[0]).toMatchObject({ line: 2, lac: '7' });
    expect(parseBatch('MCC;MNC;CellID\n244;91;10038').entries).toHaveLength(1);
    expect(parseBatch('"mcc","mnc","cellid"\n"244","91","10038"').entries).toHaveLength(1);
  });

  it('lists bad lines with their numbers and reasons, and keeps the good ones', () => {
    const result = parseBatch(
      '244,91,10038\n24,91,5\n244,91\n244,91,12x\n\n244-91-1-2-3\n244,91,999999999999999',
    );
    expect(result.entries).toHaveLength(1);
    expect(result.bad.map((b) => b.line)).toEqual([2, 3, 4, 6, 7]);
    expect(result.bad[0]?.problem).toEqual({
      code: 'value',
      problems: [{ field: 'mcc', code: 'mcc-length' }],
    });
    expect(result.bad[1]?.problem).toEqual({ code: 'fields', count: 2 });
    expect(result.bad[2]?.problem).toMatchObject({
      code: 'value',
      problems: [{ field: 'cellid', code: 'digits' }],
    });
    expect(result.bad[3]?.problem).toEqual({ code: 'fields', count: 5 });
    expect(result.bad[4]?.problem).toMatchObject({
      code: 'value',
      problems: [{ field: 'cellid', code: 'cellid-range' }],
    });
    expect(result.bad[1]?.text).toBe('244,91');
  });

  it('a 0x hexadecimal cell id is sent in decimal; other non-digits and a non-numeric LAC are bad lines', () => {
    expect(ids('244,91,0x725F\n244-91-0X1')).toEqual(['244/91/29279', '244/91/1']);
    expect(parseBatch('244,91,0x').bad).toHaveLength(1);
    expect(parseBatch('244,91,725F').bad).toHaveLength(1);
    expect(parseBatch('244,91,0x1000000000').bad[0]?.problem).toEqual({
      code: 'value',
      problems: [{ field: 'cellid', code: 'cellid-range' }],
    });
    expect(parseBatch('244-91-ab-10038').bad[0]?.problem).toEqual({
      code: 'value',
      problems: [],
      badLac: true,
    });
  });

  it('looks a repeated cell up once and counts the repeats', () => {
    const result = parseBatch('244,91,10038\n244-91-10038\n244,91,1\n244;91;10038\n244,091,10038');
    expect(ids('244,91,10038\n244-91-10038')).toEqual(['244/91/10038']);
    expect(result.entries.map((e) => [e.line, e.duplicates])).toEqual([
      [1, 2],
      [3, 0],
      [5, 0],
    ]);
    expect(result.duplicateLines).toBe(2);
  });

  it('refuses input over the caps without reading it', () => {
    const many = '244,91,1\n'.repeat(MAX_LINES + 1);
    expect(parseBatch(many)).toMatchObject({ entries: [], tooLarge: { lines: MAX_LINES + 1 } });
    const big = `# ${'x'.repeat(MAX_BYTES)}`;
    expect(parseBatch(big).tooLarge).toEqual({ bytes: MAX_BYTES + 2 });
    expect(parseBatch('244,91,1\n'.repeat(MAX_LINES)).tooLarge).toBeUndefined();
  });

  it('a header naming no cell columns is a bad line', () => {
    const result = parseBatch('mcc,foo,bar\n244,91,1');
    expect(result.header).toBe(true);
    expect(result.bad).toEqual([{ line: 1, text: 'mcc,foo,bar', problem: { code: 'header' } }]);
  });

  it('under a header, a dashed line is read by its own form, LAC included', () => {
    const result = parseBatch('mcc,mnc,cellid\n244,91,10038\n244-5-1003-5120514\n244-12-400301');
    expect(result.bad).toEqual([]);
    expect(result.entries.map((e) => [e.id.mcc, e.id.mnc, e.id.cellid, e.lac])).toEqual([
      ['244', '91', '10038', undefined],
      ['244', '5', '5120514', '1003'],
      ['244', '12', '400301', undefined],
    ]);
  });

  it('under a header, a line with more or fewer values than its columns is reported, never guessed', () => {
    const result = parseBatch('mcc,mnc,cellid\n244,91\n244,91,400101,7\n244,91,10038\n244\n244-91');
    expect(result.entries.map((e) => e.id.cellid)).toEqual(['10038']);
    expect(result.bad.map((b) => [b.line, b.problem])).toEqual([
      [2, { code: 'columns', count: 2, columns: 3 }],
      [3, { code: 'columns', count: 4, columns: 3 }],
      [5, { code: 'columns', count: 1, columns: 3 }],
      [6, { code: 'fields', count: 2 }],
    ]);
  });

  it('reads RFC 4180 quoted fields: a comma, a semicolon or a doubled quote inside quotes is text', () => {
    const result = parseBatch('name,mcc,mnc,cellid\n"Kamppi, Helsinki",244,91,10038');
    expect(result.header).toBe(true);
    expect(result.bad).toEqual([]);
    expect(result.entries).toMatchObject([{ line: 2, id: { mcc: '244', mnc: '91', cellid: '10038' } }]);
    expect(
      ids('name,mcc,mnc,cellid\n"Kamppi; Helsinki",244,91,10038\n"Say ""hi"", Pasila",244,12,400301'),
    ).toEqual(['244/91/10038', '244/12/400301']);
    expect(ids('mcc,mnc,cellid,name\n244,91,10038,"Brändö, Åland"\n244,91,400401,Vårdö')).toEqual([
      '244/91/10038',
      '244/91/400401',
    ]);
  });

  it('detects the delimiter of the file: semicolons or tabs with commas inside values', () => {
    const semicolons = parseBatch(
      '\uFEFFname;mcc;mnc;cellid\r\n"Kamppi; Helsinki";244;91;10038\r\nTöölö, west;244;12;400301\r\n',
    );
    expect(semicolons.bad).toEqual([]);
    expect(semicolons.entries.map((e) => [e.line, e.id.cellid])).toEqual([
      [2, '10038'],
      [3, '400301'],
    ]);
    expect(ids('name\tmcc\tmnc\tcellid\nA, b; c\t244\t91\t10038')).toEqual(['244/91/10038']);
  });

  it('reads a quoted value that spans lines (as our CSV export writes it) and keeps later line numbers', () => {
    const exported = [
      'line,mcc,mnc,cellid,status,lac,lat,lon,name',
      '1,244,91,10038,Found,0,60.316391,20.994058,"Two',
      'lines, and a ""quote"""',
      '2,244,91,400101,Found,0,61.497753,23.760954,Tampere',
      '',
    ].join('\r\n');
    const result = parseBatch(exported);
    expect(result.bad).toEqual([]);
    expect(result.entries.map((e) => [e.line, e.id.cellid, e.lac])).toEqual([
      [2, '10038', '0'],
      [4, '400101', '0'],
    ]);
  });

  it("reads OpenCelliD's export as it is: the area as the LAC, and the radio when the lookup takes it", () => {
    const export_ = [
      'radio,mcc,net,area,cell,unit,lon,lat,range,samples,changeable,created,updated,averageSignal',
      'LTE,244,91,6001,20500001,12,24.9384,60.1699,1200,37,1,1459814400,1700000000,-95',
      'CDMA,244,91,7,123,0,24.9,60.1,100,1,1,1,1,0',
      'umts,244,12,110,203757467,0,25.7,62.2,900,3,1,1,1,0',
    ].join('\n');
    const result = parseBatch(export_);
    expect(result.bad).toEqual([]);
    expect(result.entries.map((e) => [e.id.cellid, e.lac, e.radio])).toEqual([
      ['20500001', '6001', 'LTE'],
      ['123', '7', undefined],
      ['203757467', '110', 'UMTS'],
    ]);
  });

  it('a quote that does not close never hides the lines after it', () => {
    const text = '"Kamppi, Helsinki,244,91,10038\n244,91,1\n244,91,2';
    expect(ids(text)).toEqual(['244/91/1', '244/91/2']);
    expect(parseBatch(text).bad.map((b) => [b.line, b.text])).toEqual([
      [1, '"Kamppi, Helsinki,244,91,10038'],
    ]);
  });

  it('a stray quote that would join lines into one unreadable record leaves each line to be read alone', () => {
    const result = parseBatch('244,91,"1\n244,91,2\n",244,91,3\n244,91,4');
    expect(result.entries.map((e) => [e.line, e.id.cellid])).toEqual([
      [2, '2'],
      [4, '4'],
    ]);
    expect(result.bad.map((b) => b.line)).toEqual([1, 3]);
    expect(result.bad[0]?.problem).toMatchObject({ code: 'value', problems: [{ field: 'cellid' }] });
    expect(result.bad[0]?.text).toBe('244,91,"1');
  });

  it('reads quoted values with spaces around them and quoted hyphenated ids', () => {
    const text = '244, "91" , 10038\n"244-91-400101"\n  # indented comment, "with a quote\n244,12,400301';
    expect(ids(text)).toEqual(['244/91/10038', '244/91/400101', '244/12/400301']);
    expect(parseBatch(text).bad).toEqual([]);
  });

  it('never throws, and accounts for every line: read, reported, repeated, header, or inside a quoted value', () => {
    const piece = fc.constantFrom(
      '244',
      '91',
      '10038',
      '0x1F',
      '-',
      ',',
      ';',
      '\t',
      '"',
      '""',
      ' ',
      '#',
      'mcc',
      'x',
    );
    const lineArb = fc.array(piece, { maxLength: 8 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 30 }), fc.constantFrom('\n', '\r\n', '\r'), (list, eol) => {
        const text = list.join(eol);
        const result = parseBatch(text);
        const lines = [...result.entries.map((e) => e.line), ...result.bad.map((b) => b.line)];
        const total = text.split(/\r\n|\n|\r/).length;
        expect(lines.every((line) => line >= 1 && line <= total)).toBe(true);
        expect(new Set(lines).size).toBe(lines.length);
        if (!text.includes('"')) {
          const all = text.split(/\r\n|\n|\r/);
          const counted = all.filter((l) => l.trim() !== '' && !l.trim().startsWith('#'));
          const headerLine = all.findIndex((l) => l.trim() !== '' && !l.trim().startsWith('#')) + 1;
          const headerCounted = result.header && !result.bad.some((b) => b.line === headerLine);
          const accounted =
            result.entries.length + result.bad.length + result.duplicateLines + (headerCounted ? 1 : 0);
          expect(accounted).toBe(counted.length);
        }
      }),
      { numRuns: 400 },
    );
  });
});
