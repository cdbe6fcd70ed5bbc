import { readRadio, type Radio } from './cell-facts';
import type { CellCounts } from './cell-counts';
import type { Cell } from './types';
import type { Bbox } from './bbox';

export type { Bbox } from './bbox';

/**
 * Cells in view: the reference service's own read beside the document's two (docs/api-notes.md), the cells inside
 * a box, at most `limit` of them. Runtime-neutral: the service reads its query with `readCellsQuery`, the client
 * writes it with `cellsQueryString`.
 */

export const CELLS_LIMIT = { default: 1000, max: 10_000 } as const;

/** The deepest map zoom the `zoom` parameter takes. */
export const MAX_ZOOM = 22;

export interface CellsQuery {
  bbox: Bbox;
  mcc?: string;
  mnc?: string;
  radio?: Radio;
  limit?: number;
  /** The map's zoom: given, a view holding more matching cells than `limit` is answered with counts per square
   *  of the map's tiles (cell-counts.ts) rather than a sample of its cells. */
  zoom?: number;
}

/** A cell of the answer: the document's fields, and what the source knows of its radio and range. */
export interface CellInView extends Cell {
  radio?: Radio;
  /** Metres: the area the cell serves, as its source estimates it. */
  range?: number;
}

export interface CellsInView {
  cells: CellInView[];
  /** More cells matched than `limit`: the answer holds `limit` of them, spread over the box. */
  truncated: boolean;
  limit: number;
  /** The view as counts (when `zoom` was asked and it held more than `limit`); `cells` is then empty. */
  counts?: CellCounts;
}

export type CellsParameter = 'bbox' | 'mcc' | 'mnc' | 'radio' | 'limit' | 'zoom';

export type CellsQueryCheck =
  | { ok: true; query: Required<Pick<CellsQuery, 'bbox' | 'limit'>> & Omit<CellsQuery, 'bbox' | 'limit'> }
  | { ok: false; field: CellsParameter; message: string };

const DECIMAL = /^[+-]?(?:\d{1,3}(?:\.\d{1,15})?|\.\d{1,15})$/;

function readBbox(text: string): Bbox | string {
  const parts = text.split(',');
  if (parts.length !== 4)
    return 'bbox must be four numbers: west,south,east,north (minLon,minLat,maxLon,maxLat).';
  if (parts.some((part) => !DECIMAL.test(part.trim())))
    return 'bbox values must be plain decimal degrees, e.g. 24.8,60.1,25.1,60.3.';
  const [west, south, east, north] = parts.map(Number) as [number, number, number, number];
  if (Math.abs(west) > 180 || Math.abs(east) > 180) return 'bbox longitudes must be from -180 to 180.';
  if (Math.abs(south) > 90 || Math.abs(north) > 90) return 'bbox latitudes must be from -90 to 90.';
  if (south > north) return `bbox south edge (${south}) is north of its north edge (${north}).`;
  return { west, south, east, north };
}

/**
 * The query of `GET /api/cells`, each parameter given at most once: `bbox` (required), `mcc`, `mnc` (with an
 * mcc), `radio`, `limit` (1 to 10,000, default 1,000), `zoom` (0 to 22: counts where more than `limit` match).
 * Other parameters are not read.
 */
export function readCellsQuery(values: (name: CellsParameter) => readonly string[]): CellsQueryCheck {
  const single: Partial<Record<CellsParameter, string>> = {};
  for (const name of ['bbox', 'mcc', 'mnc', 'radio', 'limit', 'zoom'] as const) {
    const given = values(name);
    if (given.length > 1) return { ok: false, field: name, message: `${name} is given more than once.` };
    if (given[0] !== undefined) single[name] = given[0].trim();
  }
  if (single.bbox === undefined || single.bbox === '')
    return { ok: false, field: 'bbox', message: 'bbox is missing: west,south,east,north in degrees.' };
  const bbox = readBbox(single.bbox);
  if (typeof bbox === 'string') return { ok: false, field: 'bbox', message: bbox };
  const query: Extract<CellsQueryCheck, { ok: true }>['query'] = { bbox, limit: CELLS_LIMIT.default };
  const { mcc, mnc, radio, limit, zoom } = single;
  if (mcc !== undefined) {
    if (!/^\d{1,3}$/.test(mcc))
      return { ok: false, field: 'mcc', message: 'mcc must be one to three digits.' };
    query.mcc = mcc;
  }
  if (mnc !== undefined) {
    if (!/^\d{1,3}$/.test(mnc))
      return { ok: false, field: 'mnc', message: 'mnc must be one to three digits.' };
    if (mcc === undefined)
      return { ok: false, field: 'mnc', message: 'mnc needs an mcc: network codes are per country.' };
    query.mnc = mnc;
  }
  if (radio !== undefined) {
    const known = readRadio(radio);
    if (!known.ok) return { ok: false, field: 'radio', message: known.message };
    query.radio = known.value;
  }
  if (limit !== undefined) {
    if (!/^\d{1,6}$/.test(limit) || Number(limit) < 1 || Number(limit) > CELLS_LIMIT.max)
      return {
        ok: false,
        field: 'limit',
        message: `limit must be a whole number from 1 to ${CELLS_LIMIT.max}.`,
      };
    query.limit = Number(limit);
  }
  if (zoom !== undefined) {
    if (!/^\d{1,2}$/.test(zoom) || Number(zoom) > MAX_ZOOM)
      return { ok: false, field: 'zoom', message: `zoom must be a whole number from 0 to ${MAX_ZOOM}.` };
    query.zoom = Number(zoom);
  }
  return { ok: true, query };
}

/** Degrees as the query writes them: six decimals at most, no exponent. */
const degrees = (value: number): string => String(Number(value.toFixed(6)));

/** The query string of a cells-in-view read (without keys), as `readCellsQuery` reads it. */
export function cellsQueryString(query: CellsQuery): string {
  const { west, south, east, north } = query.bbox;
  const params = new URLSearchParams({ bbox: [west, south, east, north].map(degrees).join(',') });
  if (query.mcc !== undefined) params.set('mcc', query.mcc);
  if (query.mnc !== undefined) params.set('mnc', query.mnc);
  if (query.radio !== undefined) params.set('radio', query.radio);
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.zoom !== undefined) params.set('zoom', String(query.zoom));
  return params.toString();
}
