/**
 * What a Cell answer can say beyond the document's Cell shape, and the two optional query parameters that narrow a
 * lookup. The body keeps the documented shape byte for byte; the facts travel as response headers
 * (docs/api-notes.md), written by the service and read by the client from this one list.
 */

/** Radio types a lookup may name (`?radio=`); none means any. */
export const RADIOS = ['GSM', 'UMTS', 'LTE', 'NR'] as const;
export type Radio = (typeof RADIOS)[number];

/** Largest LAC/TAC accepted (`?lac=`): OpenCelliD's `area` column holds 32 bits. */
export const MAX_LAC = 2 ** 32 - 1;

/** Reads `?lac=`: digits, 0 to 2^32−1. A message naming the problem, or the number. */
export function readLac(text: string): { ok: true; value: number } | { ok: false; message: string } {
  const value = text.trim();
  if (!/^\d{1,10}$/.test(value) || Number(value) > MAX_LAC) {
    return { ok: false, message: `lac must be a whole number from 0 to ${MAX_LAC} (digits only).` };
  }
  return { ok: true, value: Number(value) };
}

/**
 * The largest area code each radio has (3GPP TS 23.003): a 16-bit LAC (GSM, UMTS) or TAC (LTE), a 24-bit TAC (NR).
 * Without a radio, NR's is the largest any cell can have.
 */
export const MAX_AREA_CODE: Readonly<Record<Radio, number>> = {
  GSM: 0xffff,
  UMTS: 0xffff,
  LTE: 0xffff,
  NR: 0xffffff,
};
const MAX_ANY_AREA_CODE = MAX_AREA_CODE.NR;

/** The largest cell id each radio has: GSM's 16-bit CI, UMTS's UC-Id (an extended 16-bit RNC id and a 16-bit C-Id),
 *  LTE's 28-bit ECI, NR's 36-bit NCI. */
export const MAX_RADIO_CELL_ID: Readonly<Record<Radio, number>> = {
  GSM: 0xffff,
  UMTS: 2 ** 32 - 1,
  LTE: 2 ** 28 - 1,
  NR: 2 ** 36 - 1,
};

/**
 * What makes a lookup's LAC and radio impossible for the cell: an area code larger than the radio's (or than any
 * radio's), or a cell id larger than the radio's. The field to correct and why, or undefined.
 */
export function impossibleHint(hint: {
  cellid: number;
  lac?: number;
  radio?: Radio;
}): { field: 'lac' | 'radio'; message: string } | undefined {
  const { cellid, lac, radio } = hint;
  const maxArea = radio === undefined ? MAX_ANY_AREA_CODE : MAX_AREA_CODE[radio];
  if (lac !== undefined && lac > maxArea) {
    const whose = radio === undefined ? 'of any radio (NR’s, 24 bits)' : `of ${radio}`;
    return { field: 'lac', message: `lac must be at most ${maxArea}, the largest area code ${whose}.` };
  }
  if (radio !== undefined && cellid > MAX_RADIO_CELL_ID[radio]) {
    return {
      field: 'radio',
      message: `A ${radio} cell id is at most ${MAX_RADIO_CELL_ID[radio]}: cell ${cellid} cannot be ${radio}.`,
    };
  }
  return undefined;
}

/** Reads `?radio=` (any letter case): one of RADIOS, or a message naming them. */
export function readRadio(text: string): { ok: true; value: Radio } | { ok: false; message: string } {
  const value = text.trim().toUpperCase();
  const radio = RADIOS.find((name) => name === value);
  if (radio === undefined) return { ok: false, message: `radio must be one of ${RADIOS.join(', ')}.` };
  return { ok: true, value: radio };
}

/** A link a fact names: who made the data, or its licence. Only http(s) addresses are kept. */
export interface FactLink {
  url: string;
  title: string;
}

/** Where a Cell answer came from and what its source knows beyond the document's fields. */
export interface CellFacts {
  /** `store`, `operator`, `opencellid` or `geolocate` (any other token is shown as it is). */
  source: string;
  /** Whom the data must be credited to, and under which licence, when the data asks for it. */
  author?: FactLink;
  license?: FactLink;
  /** Metres: the area the cell was heard in (OpenCelliD's `range`). */
  rangeMeters?: number;
  /** Metres: how far a device hearing the cell may be from the position (a geolocation estimate, not the mast). */
  accuracyMeters?: number;
  samples?: number;
  radio?: Radio;
  /** When the source last changed its data for the cell (ISO 8601, UTC). */
  updated?: string;
  /** Seconds since the service asked the source, when the answer came from its cache. */
  ageSeconds?: number;
}

/** The header of each fact. `Age` and `Link` are HTTP's own (RFC 9111, RFC 8288). */
export const FACT_HEADERS = {
  source: 'Cell-Source',
  rangeMeters: 'Cell-Range',
  accuracyMeters: 'Cell-Accuracy',
  samples: 'Cell-Samples',
  radio: 'Cell-Radio',
  updated: 'Cell-Updated',
  ageSeconds: 'Age',
  link: 'Link',
} as const;

const TOKEN = /^[a-z][a-z0-9-]{0,31}$/;
const WHOLE = /^\d{1,10}$/;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const HTTP_URL = /^https?:\/\/[^\s<>"]{1,300}$/;

/* Header values are Latin-1 on the wire: anything outside printable ASCII is left out rather than mangled. */
const quoted = (text: string): string => `"${text.replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '')}"`;

/** The headers that carry `facts` (the service's side). */
export function factHeaders(facts: CellFacts): Record<string, string> {
  const headers: Record<string, string> = { [FACT_HEADERS.source]: facts.source };
  const whole = (value: number | undefined): string | undefined =>
    value !== undefined && Number.isFinite(value) && value >= 0 ? String(Math.round(value)) : undefined;
  const put = (name: string, value: string | undefined): void => {
    if (value !== undefined) headers[name] = value;
  };
  put(FACT_HEADERS.rangeMeters, whole(facts.rangeMeters));
  put(FACT_HEADERS.accuracyMeters, whole(facts.accuracyMeters));
  put(FACT_HEADERS.samples, whole(facts.samples));
  put(FACT_HEADERS.radio, facts.radio);
  put(FACT_HEADERS.updated, facts.updated);
  put(FACT_HEADERS.ageSeconds, whole(facts.ageSeconds));
  const links = [
    facts.author && `<${facts.author.url}>; rel="author"; title=${quoted(facts.author.title)}`,
    facts.license && `<${facts.license.url}>; rel="license"; title=${quoted(facts.license.title)}`,
  ].filter((link): link is string => typeof link === 'string');
  if (links.length > 0) headers[FACT_HEADERS.link] = links.join(', ');
  return headers;
}

/** Reads the `author` and `license` links of a Link header written by `factHeaders`. */
function readLinks(value: string | null): Pick<CellFacts, 'author' | 'license'> {
  const found: Pick<CellFacts, 'author' | 'license'> = {};
  if (value === null || value.length > 2000) return found;
  for (const match of value.matchAll(/<([^>]*)>((?:\s*;\s*[a-z]+="[^"]*")*)/g)) {
    const url = match[1] ?? '';
    const params = new Map(
      [...(match[2] ?? '').matchAll(/([a-z]+)="([^"]*)"/g)].map((p) => [p[1] ?? '', p[2] ?? '']),
    );
    const rel = params.get('rel');
    if (!HTTP_URL.test(url) || (rel !== 'author' && rel !== 'license')) continue;
    found[rel] = { url, title: params.get('title') || url };
  }
  return found;
}

/**
 * The facts of an answer (the client's side), or undefined when it names no source (an operator's own answer).
 * A header that does not read as its fact is left out: these are extras, never a reason to refuse an answer.
 */
export function readFacts(header: (name: string) => string | null): CellFacts | undefined {
  const source = header(FACT_HEADERS.source)?.trim().toLowerCase();
  if (source === undefined || !TOKEN.test(source)) return undefined;
  const facts: CellFacts = { source, ...readLinks(header(FACT_HEADERS.link)) };
  const whole = (name: string): number | undefined => {
    const value = header(name)?.trim();
    return value !== undefined && WHOLE.test(value) ? Number(value) : undefined;
  };
  const rangeMeters = whole(FACT_HEADERS.rangeMeters);
  const accuracyMeters = whole(FACT_HEADERS.accuracyMeters);
  const samples = whole(FACT_HEADERS.samples);
  const ageSeconds = whole(FACT_HEADERS.ageSeconds);
  const radio = RADIOS.find((name) => name === header(FACT_HEADERS.radio)?.trim());
  const updated = header(FACT_HEADERS.updated)?.trim();
  if (rangeMeters !== undefined) facts.rangeMeters = rangeMeters;
  if (accuracyMeters !== undefined) facts.accuracyMeters = accuracyMeters;
  if (samples !== undefined) facts.samples = samples;
  if (ageSeconds !== undefined) facts.ageSeconds = ageSeconds;
  if (radio !== undefined) facts.radio = radio;
  if (updated !== undefined && ISO_UTC.test(updated) && !Number.isNaN(Date.parse(updated)))
    facts.updated = updated;
  return facts;
}
