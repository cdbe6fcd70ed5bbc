import type { Radio } from './cell-facts';

/** Representation asked of the service: XML is the document's default, JSON when `Accept: application/json`. */
export type Format = 'xml' | 'json';

export const FORMATS: readonly Format[] = ['xml', 'json'];

/** The two keys every request carries as the `serviceKey` and `userKey` query parameters. */
export interface Keys {
  serviceKey: string;
  userKey: string;
}

/** What identifies a cell in the Cell resource's path. Text as typed: mnc "05" is not mnc "5". */
export interface CellId {
  mcc: string;
  mnc: string;
  cellid: string;
}

/**
 * What a lookup may add to the Cell read besides the path: the LAC and the radio type, sent as `?lac=` and
 * `?radio=` (ours, for the public cell databases; docs/api-notes.md). Not part of the Cell resource's identity.
 */
export interface CellHints {
  /** Digits, as typed (or as a link carries them: the service checks them). */
  lac?: string;
  /** One of RADIOS from the form; a link's value as it came. */
  radio?: Radio | (string & {});
}

/**
 * A cell as the document describes it. Every field keeps the text it arrived as; `position` is the same
 * lat/lon parsed to numbers, for the map.
 */
export interface Cell {
  lat: string;
  lon: string;
  mcc: string;
  mnc: string;
  lac: string;
  cellid: string;
  name: string;
  position: { lat: number; lon: number };
}

/** The Location resource: the caller's own registered phone and the cell now serving it. */
export interface Location {
  msisdn: string;
  /** Optional in the document (one example carries `Idle`); other values are passed through as text. */
  state?: string;
  cell: Cell;
}

export type ResourceName = 'location' | 'cell';
