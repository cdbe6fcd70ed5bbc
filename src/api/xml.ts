import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ApiError, malformed } from './errors';

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';

/* ---------- reading ---------- */

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/* Entities: a DOCTYPE is refused before parsing, so only XML's five predefined entities and character
   references can occur. They are decoded here in one pass (the parser's own pass leaves &#233; as it is,
   and two passes would turn "&amp;lt;" into "<"). Anything else stays as written. */
function decodeXmlText(value: string): string {
  return value.replace(/&(lt|gt|amp|quot|apos|#[0-9]{1,7}|#x[0-9a-fA-F]{1,6});/g, (whole, ref: string) => {
    if (!ref.startsWith('#')) return PREDEFINED[ref] ?? whole;
    const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    const allowed =
      code === 0x9 ||
      code === 0xa ||
      code === 0xd ||
      (code >= 0x20 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff));
    return allowed ? String.fromCodePoint(code) : whole;
  });
}

const parser = new XMLParser({
  ignoreAttributes: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: false,
  htmlEntities: false,
  tagValueProcessor: (_name: string, value: string) => decodeXmlText(value),
  isArray: () => false,
  maxNestedTags: 16,
});

/**
 * Parses an XML answer into plain objects: elements as keys, text as strings (entities decoded), attributes,
 * declarations and processing instructions dropped. Refuses, as a `malformed` error on `body`, a DOCTYPE or
 * entity declaration (nothing is ever expanded) and XML that is not well-formed.
 */
export function parseXml(body: string): unknown {
  if (/<!DOCTYPE|<!ENTITY/i.test(body))
    throw malformed('body', 'XML with a DOCTYPE or entity declaration is refused');
  const valid = XMLValidator.validate(body);
  if (valid !== true) {
    throw malformed('body', `not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`);
  }
  try {
    return parser.parse(body) as unknown;
  } catch (error) {
    throw new ApiError('malformed', 'body: XML could not be parsed', { field: 'body', cause: error });
  }
}

/* ---------- writing ---------- */

/*
 * What an answer never carries: C0 controls other than tab, LF and CR (XML 1.0 has no way to write them, not even
 * as &#1;), DEL and the C1 controls (allowed but discouraged by XML 1.0 §2.2; XML 1.1 and many readers treat
 * U+0085 as a line end), lone surrogates (not characters at all), and the noncharacters U+FDD0–U+FDEF and
 * U+xFFFE/U+xFFFF of every plane. With the `u` flag a surrogate pair is one code point, so the surrogate range
 * only matches a lone half. Literals, so that the browser bundle, which never encodes, drops them.
 */
/* eslint-disable no-control-regex -- these are the control characters refused */
const UNENCODABLE =
  /[\0-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\uD800-\uDFFF\uFDD0-\uFDEF\uFFFE\uFFFF\u{1FFFE}\u{1FFFF}\u{2FFFE}\u{2FFFF}\u{3FFFE}\u{3FFFF}\u{4FFFE}\u{4FFFF}\u{5FFFE}\u{5FFFF}\u{6FFFE}\u{6FFFF}\u{7FFFE}\u{7FFFF}\u{8FFFE}\u{8FFFF}\u{9FFFE}\u{9FFFF}\u{AFFFE}\u{AFFFF}\u{BFFFE}\u{BFFFF}\u{CFFFE}\u{CFFFF}\u{DFFFE}\u{DFFFF}\u{EFFFE}\u{EFFFF}\u{FFFFE}\u{FFFFF}\u{10FFFE}\u{10FFFF}]/gu;
/* eslint-enable no-control-regex */

/** Element names the writer emits: plain XML names, no prefixes. */
const ELEMENT_NAME = /^[A-Za-z_][A-Za-z0-9._-]*$/;

/**
 * A value the encoder refuses to write because it holds a character no answer may carry. It names the field and
 * the code point, never the value. The service answers it as any unexpected error: a 500, logged.
 */
export class UnencodableError extends Error {
  override readonly name = 'UnencodableError';
  readonly field: string;
  readonly codePoint: number;

  constructor(field: string, codePoint: number) {
    const hex = codePoint.toString(16).toUpperCase().padStart(4, '0');
    super(`${field} holds U+${hex}, a character an XML answer cannot carry; the value was not written`);
    this.field = field;
    this.codePoint = codePoint;
  }
}

/** Throws UnencodableError when `value` holds a character no answer may carry. */
export function checkEncodable(value: string, field: string): void {
  // search() ignores the g flag's lastIndex: the one regex serves both functions.
  const at = value.search(UNENCODABLE);
  if (at !== -1) throw new UnencodableError(field, value.codePointAt(at) ?? 0);
}

/** `value` with every character no answer may carry replaced by U+FFFD, for text that must be written. */
export function replaceUnencodable(value: string): string {
  return value.replace(UNENCODABLE, '\uFFFD');
}

/**
 * Escapes text for element content or an attribute value. CR is written as a character reference: an XML reader
 * turns a literal CR (and CRLF) into LF, so the value would not come back as it was.
 */
export function escapeXml(value: string): string {
  return value.replace(
    /[<>&"'\r]/g,
    (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', '"': 'quot', "'": 'apos', '\r': '#13' }[c]};`,
  );
}

/** An element's children in order: text, or nested children. */
export type Fields = ReadonlyArray<readonly [string, string | Fields]>;

function xmlElement(name: string, fields: Fields, depth: number, path: string): string {
  if (!ELEMENT_NAME.test(name)) throw new Error(`not an XML element name: ${JSON.stringify(name)}`);
  const pad = '    '.repeat(depth);
  const inner = fields
    .map(([key, value]) => {
      if (typeof value !== 'string') return xmlElement(key, value, depth + 1, `${path}.${key}`);
      if (!ELEMENT_NAME.test(key)) throw new Error(`not an XML element name: ${JSON.stringify(key)}`);
      checkEncodable(value, `${path}.${key}`);
      return `${pad}    <${key}>${escapeXml(value)}</${key}>`;
    })
    .join('\n');
  return `${pad}<${name}>\n${inner}\n${pad}</${name}>`;
}

/**
 * A whole XML document: the declaration, then `root` with its children indented by four spaces as the API
 * document's examples are. Throws UnencodableError rather than write a value no reader could take back.
 */
export function xmlDocument(root: string, fields: Fields): string {
  return `${XML_DECLARATION}\n${xmlElement(root, fields, 0, root)}\n`;
}
