import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeCell, decodeLocation, detectFormat, formatFromAccept, XML_DECLARATION } from './codec';
import { ApiError } from './errors';
import { DOCUMENTED_CELL, DOCUMENTED_CELL_FIELDS } from './fixtures/documented-cell';
import type { Location } from './types';

const XML = 'application/xml';
const JSON_TYPE = 'application/json';

const documentedXml =
  '<location><msisdn>35811111111</msisdn><cell><lat>60.316391</lat><lon>20.994058</lon><mcc>244</mcc><mnc>91</mnc>' +
  '<lac>0</lac><cellid>10038</cellid><name>Brändö</name></cell></location>';
const documentedJson = JSON.stringify({
  location: { msisdn: '35811111111', cell: DOCUMENTED_CELL_FIELDS },
});

const brando: Location = { msisdn: '35811111111', cell: DOCUMENTED_CELL };

/** Runs `decode`: whatever it throws must be a malformed ApiError. */
function throwsOnlyMalformed(decode: () => unknown): void {
  try {
    decode();
  } catch (error) {
    if (!(error instanceof ApiError) || error.kind !== 'malformed') throw error;
  }
}

function cellXml(fields: Record<string, string>): string {
  return `<cell>${Object.entries(fields)
    .map(([k, v]) => `<${k}>${v}</${k}>`)
    .join('')}</cell>`;
}

const goodCell = {
  lat: '61.497753',
  lon: '23.760954',
  mcc: '244',
  mnc: '05',
  lac: '4711',
  cellid: '123456789012',
  name: '007',
};

function malformedField(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.kind).toBe('malformed');
    expect(apiError.message).not.toMatch(/undefined|\[object/);
    return apiError.field;
  }
  throw new Error('expected a malformed error');
}

describe('decoding the documented examples', () => {
  it('reads the documented XML and JSON Location examples to equal objects', () => {
    expect(decodeLocation(documentedXml, XML)).toEqual(brando);
    expect(decodeLocation(documentedJson, JSON_TYPE)).toEqual(brando);
  });

  it('reads the published fixture files as they are (pretty-printed, no declaration)', () => {
    const xml = readFileSync(new URL('./fixtures/location-documented.xml', import.meta.url), 'utf8');
    const json = readFileSync(new URL('./fixtures/location-documented.json', import.meta.url), 'utf8');
    const fromXml = decodeLocation(xml, XML);
    const fromJson = decodeLocation(json, JSON_TYPE);
    expect(fromXml.cell).toEqual(fromJson.cell);
    expect(fromXml.msisdn).toBe('35811111111');
    expect(fromJson.msisdn).toBe('358111111111');
    expect(fromXml.cell.lac).toBe('0');
    expect(fromXml.state).toBeUndefined();
  });

  it('reads the state when present, with declaration, BOM and indentation', () => {
    const body =
      `\uFEFF${XML_DECLARATION}\n<location>\n    <msisdn>3581234567890</msisdn>\n    <state>Idle</state>\n` +
      `    <cell>\n        <lat>61.492494</lat>\n        <lon>23.773164</lon>\n        <mcc>244</mcc>\n` +
      `        <mnc>91</mnc>\n        <lac>0</lac>\n        <cellid>1</cellid>\n        <name>Tampere</name>\n` +
      `    </cell>\n</location>\n`;
    const location = decodeLocation(body, 'application/xml; charset=utf-8');
    expect(location.state).toBe('Idle');
    expect(location.cell.position).toEqual({ lat: 61.492494, lon: 23.773164 });
  });

  it('keeps every value as text: mnc 05, name 007, a cellid above 2^32', () => {
    const cell = decodeCell(cellXml(goodCell), XML);
    expect(cell).toMatchObject({ mnc: '05', name: '007', cellid: '123456789012', lat: '61.497753' });
    const fromJson = decodeCell(JSON.stringify({ cell: goodCell }), JSON_TYPE);
    expect(fromJson).toEqual(cell);
  });

  it('decodes entities and character references in names, and keeps markup in names as text', () => {
    const cell = decodeCell(
      cellXml({ ...goodCell, name: '&lt;b&gt;Caf&#233; &amp; Bar&#x21;&lt;/b&gt;' }),
      XML,
    );
    expect(cell.name).toBe('<b>Café & Bar!</b>');
    expect(decodeCell(cellXml({ ...goodCell, name: '&amp;lt;x&amp;#65;' }), XML).name).toBe('&lt;x&#65;');
    const cdata = decodeCell(cellXml({ ...goodCell, name: '<![CDATA[<img src=x>]]>' }), XML);
    expect(cdata.name).toBe('<img src=x>');
  });

  it('chooses the format by content type, then by the first character', () => {
    expect(decodeCell(JSON.stringify({ cell: goodCell }), null).mnc).toBe('05');
    expect(decodeCell(cellXml(goodCell), 'text/plain').mnc).toBe('05');
    expect(detectFormat('text/html; charset=utf-8', '<cell/>')).toBe('html');
  });
});

describe('refusing broken and hostile answers', () => {
  const cases: Array<[string, string, string | null, string]> = [
    ['empty', '', XML, 'body'],
    ['whitespace only', '  \n ', XML, 'body'],
    ['truncated XML', documentedXml.slice(0, 80), XML, 'body'],
    ['truncated JSON', documentedJson.slice(0, 40), JSON_TYPE, 'body'],
    [
      'HTML page with 200',
      '<!DOCTYPE html><html><body>Service Unavailable</body></html>',
      'text/html',
      'body',
    ],
    ['HTML sent as XML', '<html><body><p>oops</p></body></html>', XML, 'body'],
    ['plain text', 'Internal error', 'text/plain', 'body'],
    ['wrong root', cellXml(goodCell), XML, 'location'],
    ['wrong JSON key', JSON.stringify({ cell: goodCell }), JSON_TYPE, 'location'],
    ['JSON array', '[1,2]', JSON_TYPE, 'body'],
    ['JSON null', 'null', JSON_TYPE, 'body'],
    ['missing cell', '<location><msisdn>358401234567</msisdn></location>', XML, 'location.cell'],
    ['missing msisdn', documentedXml.replace('<msisdn>35811111111</msisdn>', ''), XML, 'location.msisdn'],
    ['msisdn with plus', documentedXml.replace('35811111111', '+35811111111'), XML, 'location.msisdn'],
    ['missing lat', documentedXml.replace('<lat>60.316391</lat>', ''), XML, 'location.cell.lat'],
    ['lat not a number', documentedXml.replace('60.316391', 'north'), XML, 'location.cell.lat'],
    ['lat NaN', documentedXml.replace('60.316391', 'NaN'), XML, 'location.cell.lat'],
    ['lat exponent', documentedXml.replace('60.316391', '6e1'), XML, 'location.cell.lat'],
    ['lat out of range', documentedXml.replace('60.316391', '91.000000'), XML, 'location.cell.lat'],
    ['lon out of range', documentedXml.replace('20.994058', '-180.5'), XML, 'location.cell.lon'],
    ['lat empty', documentedXml.replace('60.316391', ''), XML, 'location.cell.lat'],
    ['mnc not digits', documentedXml.replace('<mnc>91</mnc>', '<mnc>9a</mnc>'), XML, 'location.cell.mnc'],
    ['lac negative', documentedXml.replace('<lac>0</lac>', '<lac>-1</lac>'), XML, 'location.cell.lac'],
    [
      'cellid repeated',
      documentedXml.replace('<cellid>10038</cellid>', '<cellid>1</cellid><cellid>2</cellid>'),
      XML,
      'location.cell.cellid',
    ],
    [
      'nested element as value',
      documentedXml.replace('<name>Brändö</name>', '<name><b>x</b></name>'),
      XML,
      'location.cell.name',
    ],
    ['two roots', `${documentedXml}${documentedXml}`, XML, 'body'],
    ['JSON lat as object', documentedJson.replace('"60.316391"', '{"v":1}'), JSON_TYPE, 'location.cell.lat'],
    ['JSON lat as boolean', documentedJson.replace('"60.316391"', 'true'), JSON_TYPE, 'location.cell.lat'],
    [
      'JSON cell null',
      JSON.stringify({ location: { msisdn: '358', cell: null } }),
      JSON_TYPE,
      'location.cell',
    ],
  ];

  it.each(cases)('%s → malformed naming %s', (_name, body, type, field) => {
    expect(malformedField(() => decodeLocation(body, type))).toBe(field);
  });

  it('refuses a DOCTYPE with internal entities (billion laughs) without expanding it', () => {
    const bomb =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">' +
      '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>' +
      documentedXml.replace('Brändö', '&lol3;');
    expect(malformedField(() => decodeLocation(bomb, XML))).toBe('body');
  });

  it('refuses an external entity', () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE location [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${documentedXml.replace('Brändö', '&xxe;')}`;
    expect(malformedField(() => decodeLocation(xxe, XML))).toBe('body');
  });

  it('refuses an answer over the size cap without parsing it', () => {
    const huge = `<location>${' '.repeat(200_000)}</location>`;
    expect(malformedField(() => decodeLocation(huge, XML))).toBe('body');
  });

  it('ignores JSON keys that would pollute prototypes', () => {
    const body = '{"location":{"__proto__":{"msisdn":"1"},"cell":{}}}';
    expect(malformedField(() => decodeLocation(body, JSON_TYPE))).toBe('location.msisdn');
  });

  it('never throws anything but a malformed ApiError, whatever the bytes', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 300 }),
        fc.constantFrom(XML, JSON_TYPE, null, 'text/html'),
        (body, type) => {
          for (const decode of [decodeLocation, decodeCell]) throwsOnlyMalformed(() => decode(body, type));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('never throws anything but a malformed ApiError on mutated documented answers', () => {
    fc.assert(
      fc.property(fc.nat(documentedXml.length), fc.string({ maxLength: 8 }), (at, insert) => {
        const body = documentedXml.slice(0, at) + insert + documentedXml.slice(at + 1);
        throwsOnlyMalformed(() => decodeLocation(body, XML));
      }),
      { numRuns: 500 },
    );
  });
});

describe('content negotiation', () => {
  it('answers JSON only when Accept asks for application/json', () => {
    expect(formatFromAccept(undefined)).toBe('xml');
    expect(formatFromAccept('*/*')).toBe('xml');
    expect(formatFromAccept('application/json')).toBe('json');
    expect(formatFromAccept('application/json; charset=utf-8')).toBe('json');
    expect(formatFromAccept('text/html, application/json;q=0.9')).toBe('json');
    expect(formatFromAccept('application/xml, application/json;q=0.5')).toBe('xml');
    expect(formatFromAccept('application/json;q=0')).toBe('xml');
  });
});
