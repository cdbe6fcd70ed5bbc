import { ApiError, malformed } from './errors';
import type { Cell, Format, Location, ResourceName } from './types';
import { checkEncodable, parseXml, replaceUnencodable, xmlDocument, type Fields } from './xml';

export { escapeXml, UnencodableError, XML_DECLARATION } from './xml';

/** Largest answer the codec reads, in characters. A Location answer is about 400 bytes. */
export const MAX_BODY_CHARS = 64 * 1024;

export const CONTENT_TYPES: Record<Format, string> = {
  xml: 'application/xml; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

const CELL_FIELDS = ['lat', 'lon', 'mcc', 'mnc', 'lac', 'cellid', 'name'] as const;
type CellField = (typeof CELL_FIELDS)[number];

const DECIMAL = /^[+-]?(?:\d{1,3}(?:\.\d{1,15})?|\.\d{1,15})$/;
const INTEGER_DIGITS: Record<Exclude<CellField, 'lat' | 'lon' | 'name'>, number> = {
  mcc: 3,
  mnc: 3,
  lac: 10,
  cellid: 20,
};

export type Tree = Record<string, unknown>;

export function isTree(value: unknown): value is Tree {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function own(tree: Tree, key: string): unknown {
  return Object.hasOwn(tree, key) ? tree[key] : undefined;
}

/** Which wire format a body is in: by its content type, else by its first character. */
export function detectFormat(contentType: string | null, body: string): Format | 'html' | 'unknown' {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const start = stripBom(body).trimStart().slice(0, 15).toLowerCase();
  if (type === 'text/html' || start.startsWith('<!doctype html') || start.startsWith('<html')) return 'html';
  if (type === 'application/json' || type.endsWith('+json')) return 'json';
  if (type === 'application/xml' || type === 'text/xml' || type.endsWith('+xml')) return 'xml';
  if (start.startsWith('{')) return 'json';
  if (start.startsWith('<')) return 'xml';
  return 'unknown';
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function parseXmlRoot(body: string): Tree {
  const tree = parseXml(body);
  if (!isTree(tree)) throw malformed('body', 'XML has no root element');
  return tree;
}

function parseJsonRoot(body: string): Tree {
  let tree: unknown;
  try {
    tree = JSON.parse(body);
  } catch (error) {
    throw new ApiError('malformed', 'body: not valid JSON', { field: 'body', cause: error });
  }
  if (!isTree(tree)) throw malformed('body', 'JSON is not an object');
  return tree;
}

export function parseRoot(
  body: string,
  contentType: string | null,
  maxChars: number = MAX_BODY_CHARS,
): { tree: Tree; format: Format } {
  if (body.length > maxChars) throw malformed('body', `answer is larger than ${maxChars} characters`);
  const text = stripBom(body);
  if (text.trim() === '') throw malformed('body', 'answer is empty');
  const format = detectFormat(contentType, text);
  if (format === 'html') throw malformed('body', 'an HTML page came instead of XML or JSON');
  if (format === 'unknown') throw malformed('body', 'answer is neither XML nor JSON');
  return { tree: format === 'xml' ? parseXmlRoot(text) : parseJsonRoot(text), format };
}

export function rootOf(tree: Tree, root: ResourceName | 'cells' | 'counts', format: Format): Tree {
  const names = Object.keys(tree);
  if (format === 'xml' && names.length !== 1) {
    throw malformed(
      root,
      `expected one root element <${root}>, found ${names.length === 0 ? 'none' : names.map((n) => `<${n}>`).join(', ')}`,
    );
  }
  const value = own(tree, root);
  if (value === undefined) {
    const found = names.slice(0, 3).join(', ') || 'nothing';
    throw malformed(
      root,
      `expected ${format === 'xml' ? `root element <${root}>` : `top-level key "${root}"`}, found ${found}`,
    );
  }
  if (!isTree(value)) throw malformed(root, `${root} must be an object with fields`);
  return value;
}

export function text(tree: Tree, field: string, path: string): string {
  const value = own(tree, field);
  const where = path ? `${path}.${field}` : field;
  if (value === undefined || value === null) throw malformed(where, 'is missing');
  if (typeof value === 'string') return value.trim();
  // The document says every JSON value is a string; a plain number is read too (Postel), anything else is not.
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (Array.isArray(value)) throw malformed(where, 'appears more than once');
  throw malformed(where, 'must be text');
}

function coordinate(tree: Tree, field: 'lat' | 'lon', path: string): { text: string; value: number } {
  const value = text(tree, field, path);
  const where = `${path}.${field}`;
  const limit = field === 'lat' ? 90 : 180;
  if (!DECIMAL.test(value)) throw malformed(where, `"${clip(value)}" is not a decimal number`);
  const number = Number(value);
  if (!Number.isFinite(number) || Math.abs(number) > limit) {
    throw malformed(where, `${value} is out of range (−${limit} to ${limit})`);
  }
  return { text: value, value: number };
}

function integer(tree: Tree, field: keyof typeof INTEGER_DIGITS, path: string): string {
  const value = text(tree, field, path);
  const where = `${path}.${field}`;
  if (!/^\d+$/.test(value)) throw malformed(where, `"${clip(value)}" is not a whole number`);
  if (value.length > INTEGER_DIGITS[field])
    throw malformed(where, `${clip(value)} has more than ${INTEGER_DIGITS[field]} digits`);
  return value;
}

function clip(value: string): string {
  return value.length > 24 ? `${value.slice(0, 24)}…` : value;
}

export function readCell(tree: Tree, path: string): Cell {
  const lat = coordinate(tree, 'lat', path);
  const lon = coordinate(tree, 'lon', path);
  return {
    lat: lat.text,
    lon: lon.text,
    mcc: integer(tree, 'mcc', path),
    mnc: integer(tree, 'mnc', path),
    lac: integer(tree, 'lac', path),
    cellid: integer(tree, 'cellid', path),
    name: text(tree, 'name', path),
    position: { lat: lat.value, lon: lon.value },
  };
}

/** Reads a Location answer in either format. Throws a `malformed` ApiError naming the field. */
export function decodeLocation(body: string, contentType: string | null): Location {
  const { tree, format } = parseRoot(body, contentType);
  const root = rootOf(tree, 'location', format);
  const msisdn = text(root, 'msisdn', 'location');
  if (!/^\d{3,15}$/.test(msisdn)) throw malformed('location.msisdn', `"${clip(msisdn)}" is not 3–15 digits`);
  const cell = own(root, 'cell');
  if (cell === undefined || cell === null) throw malformed('location.cell', 'is missing');
  if (!isTree(cell)) throw malformed('location.cell', 'must be an object with fields');
  const location: Location = { msisdn, cell: readCell(cell, 'location.cell') };
  const state = own(root, 'state');
  if (state !== undefined && state !== null && state !== '') location.state = text(root, 'state', 'location');
  return location;
}

/** Reads a Cell answer in either format. Throws a `malformed` ApiError naming the field. */
export function decodeCell(body: string, contentType: string | null): Cell {
  const { tree, format } = parseRoot(body, contentType);
  return readCell(rootOf(tree, 'cell', format), 'cell');
}

/** The service's own error body, when an answer carries one we can read; never throws. */
export interface ErrorBody {
  code?: string;
  message?: string;
  field?: string;
}

export function decodeErrorBody(body: string, contentType: string | null): ErrorBody | undefined {
  try {
    if (body.length > MAX_BODY_CHARS) return undefined;
    const { tree } = parseRoot(body, contentType);
    const error = own(tree, 'error');
    if (!isTree(error)) return undefined;
    const pick = (key: string): string | undefined => {
      const value = own(error, key);
      return typeof value === 'string' && value.length <= 500 ? value : undefined;
    };
    const result: ErrorBody = {};
    const code = pick('code');
    const message = pick('message');
    const field = pick('field');
    if (code !== undefined) result.code = code;
    if (message !== undefined) result.message = message;
    if (field !== undefined) result.field = field;
    return result;
  } catch {
    return undefined;
  }
}

/* ---------- encoding, for the reference service ---------- */

export function jsonObject(fields: Fields, path: string): Record<string, unknown> {
  return Object.fromEntries(
    fields.map(([key, value]) => {
      if (typeof value !== 'string') return [key, jsonObject(value, `${path}.${key}`)];
      checkEncodable(value, `${path}.${key}`);
      return [key, value];
    }),
  );
}

/* Both formats refuse the same values (UnencodableError), so whether an answer can be written never depends on
   the Accept header. */
function encode(root: string, fields: Fields, format: Format): string {
  if (format === 'json') return JSON.stringify({ [root]: jsonObject(fields, root) });
  return xmlDocument(root, fields);
}

export function cellFields(cell: Cell): Fields {
  return CELL_FIELDS.map((field) => [field, cell[field]] as const);
}

/** The Cell resource, XML (declaration first, children in the document's order) or JSON (all strings). */
export function encodeCell(cell: Cell, format: Format): string {
  return encode('cell', cellFields(cell), format);
}

/** The Location resource: msisdn, state when present, then the nested cell. */
export function encodeLocation(location: Location, format: Format): string {
  const fields: Array<readonly [string, string | Fields]> = [['msisdn', location.msisdn]];
  if (location.state !== undefined) fields.push(['state', location.state]);
  fields.push(['cell', cellFields(location.cell)]);
  return encode('location', fields, format);
}

/** Our error body (the document shows none): `<error>` / `{"error":{…}}` with status, code, message, field. */
export function encodeError(
  status: number,
  code: string,
  message: string,
  format: Format,
  field?: string,
): string {
  const fields: Array<readonly [string, string]> = [
    ['status', String(status)],
    ['code', code],
    ['message', message],
  ];
  if (field !== undefined) fields.push(['field', field]);
  // The error body is the last answer left to give: it is always written, unencodable characters replaced.
  return encode(
    'error',
    fields.map(([key, value]) => [key, replaceUnencodable(value)] as const),
    format,
  );
}

/** Format asked for by an Accept header: JSON only when it names application/json, as the document says. */
export function formatFromAccept(accept: string | null | undefined): Format {
  if (!accept) return 'xml';
  const types = accept.split(',').map((part) => {
    const [type = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    return { type, q: q === undefined ? 1 : Number(q.slice(2)) || 0 };
  });
  const json = types.find((t) => t.type === 'application/json');
  if (json === undefined || json.q <= 0) return 'xml';
  const xml = types.find((t) => t.type === 'application/xml' || t.type === 'text/xml');
  return xml !== undefined && xml.q > json.q ? 'xml' : 'json';
}
