import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import {
  checkEncodable,
  escapeXml,
  parseXml,
  replaceUnencodable,
  UnencodableError,
  xmlDocument,
} from './xml';

describe('writing XML', () => {
  it('escapes markup characters, and CR as a character reference', () => {
    expect(escapeXml(`<a href="x">Tom & 'Jerry'</a>]]>\r`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;]]&gt;&#13;',
    );
  });

  it('takes a surrogate pair as one character and refuses a lone half', () => {
    expect(() => checkEncodable('\u{1F600} \uD83D\uDE00', 'name')).not.toThrow();
    expect(() => checkEncodable('a\uD83D', 'name')).toThrow(UnencodableError);
    expect(() => checkEncodable('\uDE00a', 'name')).toThrow(UnencodableError);
    expect(() => checkEncodable('\u{2FFFF}', 'name')).toThrow(UnencodableError);
  });

  it('replaces what it cannot write, one U+FFFD per character', () => {
    expect(replaceUnencodable('a\u0000b\uD800c\u{10FFFF}d\tok')).toBe('a\uFFFDb\uFFFDc\uFFFDd\tok');
  });

  it('writes a document with the declaration and four-space indentation, and refuses names that are not XML names', () => {
    expect(xmlDocument('cell', [['name', 'A & B']])).toBe(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<cell>\n    <name>A &amp; B</name>\n</cell>\n',
    );
    expect(() => xmlDocument('cell', [['a b', 'x']])).toThrow(/not an XML element name/);
    expect(() => xmlDocument('x><y', [])).toThrow(/not an XML element name/);
  });
});

describe('reading XML', () => {
  it('decodes the predefined entities and character references once, and CDATA as text', () => {
    expect(parseXml('<a><b>&lt;&amp;lt;&#233;&#x21;</b><c><![CDATA[<x>]]></c></a>')).toEqual({
      a: { b: '<&lt;é!', c: '<x>' },
    });
  });

  it('refuses a DOCTYPE and XML that is not well-formed, as a malformed body', () => {
    for (const body of ['<!DOCTYPE a><a/>', '<a><b></a>']) {
      expect(() => parseXml(body)).toThrow(ApiError);
      expect(() => parseXml(body)).toThrow(expect.objectContaining({ kind: 'malformed', field: 'body' }));
    }
  });
});
