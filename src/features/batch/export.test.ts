import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { Cell } from '../../api/types';
import { csvField, exportFileName, toCsv, toGeoJson, toKml, xmlEscape, type ExportRow } from './export';

function cell(name: string, lat = 60.316391, lon = 20.994058): Cell {
  return {
    mcc: '244',
    mnc: '91',
    cellid: '10038',
    lac: '0',
    lat: lat.toFixed(6),
    lon: lon.toFixed(6),
    name,
    position: { lat, lon },
  };
}

const NAMES = ['<Café & "Bar">', '=cmd()', 'Comma, Town', 'Line\nbreak', '+1', '-2', '@x', "It's"];

const rows: ExportRow[] = [
  ...NAMES.map((name, i) => ({
    line: i + 1,
    id: { mcc: '244', mnc: '91', cellid: '10038' },
    status: 'Found',
    cell: cell(name),
  })),
  { line: 20, id: { mcc: '244', mnc: '91', cellid: '1' }, status: 'No such cell (HTTP 404)' },
];

/** A small RFC 4180 reader, to check that what is written reads back. */
function readCsv(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      out.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return out;
}

describe('CSV', () => {
  it('quotes commas, quotes and line breaks (RFC 4180) and guards formulas with an apostrophe', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=cmd()')).toBe("'=cmd()");
    expect(csvField('=HYPERLINK("x","y")')).toBe('"\'=HYPERLINK(""x"",""y"")"');
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
  });

  it('writes every row with a header, CRLF line ends, failures with their reason', () => {
    const text = toCsv(rows);
    expect(text.startsWith('line,mcc,mnc,cellid,status,lac,lat,lon,name\r\n')).toBe(true);
    const table = readCsv(text);
    expect(table).toHaveLength(rows.length + 1);
    expect(table.slice(1, NAMES.length + 1).map((r) => r[8])).toEqual([
      '<Café & "Bar">',
      "'=cmd()",
      'Comma, Town',
      'Line\nbreak',
      "'+1",
      "'-2",
      "'@x",
      "It's",
    ]);
    expect(table.at(-1)).toEqual(['20', '244', '91', '1', 'No such cell (HTTP 404)', '', '', '', '']);
  });

  it('writes negative coordinates as numbers: the formula guard is for text columns only', () => {
    const south: ExportRow = {
      line: 1,
      id: { mcc: '722', mnc: '7', cellid: '1' },
      status: 'Found',
      cell: cell('Sydney', -33.86882, -151.209296),
    };
    const [, values] = readCsv(toCsv([south]));
    expect(values).toEqual(['1', '722', '7', '1', 'Found', '0', '-33.868820', '-151.209296', 'Sydney']);
  });

  it('guards text that starts with a space, tab or CR before = + - @, and any text starting with tab or CR', () => {
    expect(csvField(' =cmd()')).toBe("' =cmd()");
    expect(csvField('  @SUM(A1)')).toBe("'  @SUM(A1)");
    expect(csvField('\t=1+2')).toBe("'\t=1+2");
    expect(csvField('\r+1')).toBe('"\'\r+1"');
    expect(csvField('\r\n-1')).toBe('"\'\r\n-1"');
    expect(csvField('\tplain')).toBe("'\tplain");
    expect(csvField(' plain')).toBe(' plain');
    expect(csvField('a=b')).toBe('a=b');
    const row: ExportRow = {
      line: 1,
      id: { mcc: '244', mnc: '91', cellid: '1' },
      status: ' -2',
      cell: cell(' =HYPERLINK("http://x")'),
    };
    const [, values] = readCsv(toCsv([row]));
    expect(values?.[4]).toBe("' -2");
    expect(values?.[8]).toBe('\' =HYPERLINK("http://x")');
  });

  it('guards a number column that holds anything but a plain number', () => {
    const row: ExportRow = {
      line: 1,
      id: { mcc: '=1+2', mnc: '-3', cellid: '1' },
      status: 'Found',
      cell: { ...cell('x'), lac: ' @x', lat: '+1.5', lon: '-2-cmd' },
    };
    const [, values] = readCsv(toCsv([row]));
    expect(values?.slice(1, 4)).toEqual(["'=1+2", '-3', '1']);
    expect(values?.slice(5, 8)).toEqual(["' @x", '+1.5', "'-2-cmd"]);
  });
});

describe('GeoJSON', () => {
  it('is a FeatureCollection of the found cells: [lon, lat] numbers, every field as text', () => {
    const parsed = JSON.parse(toGeoJson(rows));
    expect(parsed.type).toBe('FeatureCollection');
    expect(parsed.features).toHaveLength(NAMES.length);
    const first = parsed.features[0];
    expect(first.type).toBe('Feature');
    expect(first.geometry).toEqual({ type: 'Point', coordinates: [20.994058, 60.316391] });
    expect(first.properties).toEqual({
      line: '1',
      mcc: '244',
      mnc: '91',
      lac: '0',
      cellid: '10038',
      name: '<Café & "Bar">',
      lat: '60.316391',
      lon: '20.994058',
    });
    expect(Object.values(first.properties).every((v) => typeof v === 'string')).toBe(true);
  });
});

describe('KML', () => {
  it('escapes names and writes coordinates as lon,lat', () => {
    const kml = toKml(rows);
    expect(kml).toContain('<name>&lt;Café &amp; &quot;Bar&quot;&gt;</name>');
    expect(kml).toContain('<name>It&apos;s</name>');
    expect(kml).toContain('<coordinates>20.994058,60.316391</coordinates>');
    expect(kml.match(/<Placemark>/g)).toHaveLength(NAMES.length);
    expect(kml).not.toContain('<Café');
    expect(
      kml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2">'),
    ).toBe(true);
  });

  it('is well-formed XML', () => {
    expect(XMLValidator.validate(toKml(rows))).toBe(true);
  });

  it('drops characters XML cannot hold', () => {
    expect(xmlEscape('a\u0000b\u0007c')).toBe('abc');
  });

  it('drops lone surrogates too, and keeps characters written as a surrogate pair', () => {
    expect(xmlEscape('a\uD800b\uDC00c\u{1F600}\uD83D\uDE00')).toBe('abc\u{1F600}\u{1F600}');
  });
});

describe('file names', () => {
  it('names files by date and format', () => {
    expect(exportFileName('geojson', new Date(2024, 4, 1, 14, 3))).toBe('cells-2024-05-01-1403.geojson');
    expect(exportFileName('csv', new Date(2024, 11, 31, 9, 0))).toBe('cells-2024-12-31-0900.csv');
  });
});
