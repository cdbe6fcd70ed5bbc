// @vitest-environment jsdom
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeCell,
  decodeErrorBody,
  decodeLocation,
  encodeCell,
  encodeError,
  encodeLocation,
  UnencodableError,
  XML_DECLARATION,
} from './codec';
import { DOCUMENTED_CELL } from './fixtures/documented-cell';
import type { Cell, Format, Location } from './types';

const brando: Location = { msisdn: '35811111111', cell: { ...DOCUMENTED_CELL } };

describe('encoding for the reference service', () => {
  const cell: Cell = { ...brando.cell, name: 'Tom & "Jerry" <3>' };

  it('starts XML with the exact declaration and orders children as the document does', () => {
    const xml = encodeLocation({ ...brando, state: 'Idle' }, 'xml');
    expect(xml.startsWith(`${XML_DECLARATION}\n<location>`)).toBe(true);
    const order = ['msisdn', 'state', 'cell', 'lat', 'lon', 'mcc', 'mnc', 'lac', 'cellid', 'name'].map(
      (tag) => xml.indexOf(`<${tag}>`),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(order.every((index) => index > 0)).toBe(true);
  });

  it('leaves out state when absent, escapes text, and writes JSON with string values only', () => {
    expect(encodeLocation(brando, 'xml')).not.toContain('<state>');
    expect(encodeCell(cell, 'xml')).toContain('<name>Tom &amp; &quot;Jerry&quot; &lt;3&gt;</name>');
    const json = JSON.parse(encodeLocation(brando, 'json')) as { location: Record<string, unknown> };
    expect(Object.keys(json)).toEqual(['location']);
    const inner = json.location.cell as Record<string, unknown>;
    expect(Object.values(inner).every((v) => typeof v === 'string')).toBe(true);
    expect(Object.keys(inner)).toEqual(['lat', 'lon', 'mcc', 'mnc', 'lac', 'cellid', 'name']);
  });

  it('round-trips encode → decode in both formats', () => {
    for (const format of ['xml', 'json'] as const) {
      expect(decodeCell(encodeCell(cell, format), null)).toEqual(cell);
      expect(decodeLocation(encodeLocation({ ...brando, state: 'Idle' }, format), null)).toEqual({
        ...brando,
        state: 'Idle',
      });
    }
  });

  it('round-trips any printable name and any valid coordinates', () => {
    fc.assert(
      fc.property(
        fc
          .string({ unit: 'grapheme', minLength: 1, maxLength: 40 })
          .filter((s) => s.trim() === s && s.length > 0),
        fc.double({ min: -90, max: 90, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.constantFrom('xml' as const, 'json' as const),
        (name, lat, lon, format) => {
          const value: Cell = {
            ...cell,
            name,
            lat: lat.toFixed(6),
            lon: lon.toFixed(6),
            position: { lat: Number(lat.toFixed(6)), lon: Number(lon.toFixed(6)) },
          };
          expect(decodeCell(encodeCell(value, format), null)).toEqual(value);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('writes error bodies the client can read back', () => {
    for (const format of ['xml', 'json'] as const) {
      const body = encodeError(400, 'bad-request', 'mcc must be 0–999.', format, 'mcc');
      expect(decodeErrorBody(body, null)).toEqual({
        code: 'bad-request',
        message: 'mcc must be 0–999.',
        field: 'mcc',
      });
    }
    expect(decodeErrorBody('<html>oops</html>', 'text/html')).toBeUndefined();
  });
});

/** What XML 1.0 (less its discouraged controls and noncharacters) cannot carry, code point by code point. */
function refused(value: string): boolean {
  return [...value].some((ch) => {
    const cp = ch.codePointAt(0) ?? 0;
    return (
      (cp < 0x20 && cp !== 0x9 && cp !== 0xa && cp !== 0xd) ||
      (cp >= 0x7f && cp <= 0x9f) ||
      (cp >= 0xd800 && cp <= 0xdfff) ||
      (cp >= 0xfdd0 && cp <= 0xfdef) ||
      (cp & 0xfffe) === 0xfffe
    );
  });
}

/** The text of `<tag>` as a strict XML 1.0 parser (jsdom's) reads the document; throws when it is not well-formed. */
function strictText(xml: string, tag: string): string | null {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  const error = doc.getElementsByTagName('parsererror')[0];
  if (error !== undefined) throw new Error(`not well-formed: ${error.textContent ?? ''}`);
  return doc.getElementsByTagName(tag)[0]?.textContent ?? null;
}

const SPECIAL = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\u0008',
  '\u000B',
  '\u000C',
  '\u000E',
  '\u001B',
  '\u001F',
  '\u007F',
  '\u0080',
  '\u0085',
  '\u009F',
  '\uD800',
  '\uDBFF',
  '\uDC00',
  '\uDFFF',
  '\uFDD0',
  '\uFDEF',
  '\uFFFE',
  '\uFFFF',
  '\u{1FFFE}',
  '\u{1FFFF}',
  '\u{10FFFE}',
  '\u{10FFFF}',
];
const ALLOWED = [
  '\t',
  '\n',
  '\r',
  '\r\n',
  ' ',
  '<',
  '>',
  '&',
  '"',
  "'",
  ']]>',
  '&amp;',
  '&#0;',
  '\u00A0',
  '\uD7FF',
  '\uE000',
  '\uFFFD',
  '\u{10000}',
  '\u{1F600}',
  '\u{10FFFD}',
  'é',
  'Brändö',
];

describe('the encoder never writes XML a reader cannot take back', () => {
  const formats: Format[] = ['xml', 'json'];

  it('refuses a name holding a character XML cannot carry, naming the field and the code point', () => {
    for (const format of formats) {
      for (const c of SPECIAL) {
        const cell: Cell = { ...DOCUMENTED_CELL, name: `Kamppi${c}Helsinki` };
        let thrown: unknown;
        try {
          encodeCell(cell, format);
        } catch (error) {
          thrown = error;
        }
        expect(thrown, `U+${c.codePointAt(0)?.toString(16)} in ${format}`).toBeInstanceOf(UnencodableError);
        expect(thrown).toMatchObject({ field: 'cell.name', codePoint: c.codePointAt(0) });
        expect((thrown as Error).message).not.toContain('Kamppi');
      }
    }
  });

  it('checks every text value of a Location, the state and the nested cell too', () => {
    expect(() => encodeLocation({ ...brando, state: 'Idle\u0000' }, 'xml')).toThrow(
      expect.objectContaining({ field: 'location.state' }),
    );
    expect(() => encodeLocation({ ...brando, cell: { ...brando.cell, name: '\uFFFF' } }, 'json')).toThrow(
      expect.objectContaining({ field: 'location.cell.name' }),
    );
    expect(() => encodeLocation({ ...brando, msisdn: '358\u001B' }, 'xml')).toThrow(UnencodableError);
  });

  it('writes tab, LF and CR so they come back as they were: CR as a character reference', () => {
    const cell: Cell = { ...DOCUMENTED_CELL, name: 'a\tb\nc\rd\r\ne' };
    const xml = encodeCell(cell, 'xml');
    expect(xml).toContain('<name>a\tb\nc&#13;d&#13;\ne</name>');
    expect(strictText(xml, 'name')).toBe(cell.name);
    expect(decodeCell(xml, null)).toEqual(cell);
    expect(decodeCell(encodeCell(cell, 'json'), null)).toEqual(cell);
  });

  it('always writes an error body: characters no answer may carry are replaced there, not refused', () => {
    const xml = encodeError(500, 'internal', 'bad \u0000 thing\uD800', 'xml', 'na\u0085me');
    expect(strictText(xml, 'message')).toBe('bad \uFFFD thing\uFFFD');
    expect(strictText(xml, 'field')).toBe('na\uFFFDme');
    expect(JSON.parse(encodeError(500, 'internal', '\u0007', 'json'))).toEqual({
      error: { status: '500', code: 'internal', message: '\uFFFD' },
    });
  });

  it('any string it accepts is well-formed XML 1.0 that reads back as the same value; anything else is refused', () => {
    const unit = fc.oneof(
      { weight: 1, arbitrary: fc.constantFrom(...SPECIAL) },
      { weight: 3, arbitrary: fc.constantFrom(...ALLOWED) },
      {
        weight: 6,
        arbitrary: fc
          .integer({ min: 0, max: 0x10ffff })
          .map((cp) => (cp >= 0xd800 && cp <= 0xdfff ? String.fromCharCode(cp) : String.fromCodePoint(cp))),
      },
    );
    let accepted = 0;
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 24 }), fc.constantFrom(...formats), (name, format) => {
        const cell: Cell = { ...DOCUMENTED_CELL, name };
        let body: string;
        try {
          body = encodeCell(cell, format);
        } catch (error) {
          expect(error).toBeInstanceOf(UnencodableError);
          expect(refused(name)).toBe(true);
          return;
        }
        accepted++;
        expect(refused(name)).toBe(false);
        if (format === 'xml') expect(strictText(body, 'name')).toBe(name);
        // The decoder trims a value (indentation around it is layout); inside, every character comes back.
        expect(decodeCell(body, null)).toEqual({ ...cell, name: name.trim() });
      }),
      { numRuns: 1000 },
    );
    expect(accepted).toBeGreaterThan(300);
  });
});
