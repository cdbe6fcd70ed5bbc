import { MAX_LAC, RADIOS } from '../../../api/cell-facts';
import { isStorable } from '../../store/records';
import type { CellQuestion, SourcedCell } from './cell-source';

/** No place on Earth is farther than this from another (half its circumference): no cell's range or accuracy. */
export const MAX_METERS = 20_000_000;
/** A source's clock may run this far ahead of ours. */
const CLOCK_SKEW_SECONDS = 86_400;
/** Longest name an answer carries (the gazetteer's longest town name is under 100). */
const MAX_NAME_LENGTH = 200;
/** Radio names a source may give: ours, and CDMA, which only OpenCelliD has. */
const KNOWN_RADIOS: ReadonlySet<string> = new Set([...RADIOS, 'CDMA']);

/** What a live source was asked with: its answer must be about that LAC and radio (none for the store and the
 *  operator, which are keyed by mcc/mnc/cellid alone). */
export type Asked = Pick<CellQuestion, 'lac' | 'radio'>;

/** A field of a source's answer that cannot be used: its name as the source wrote it, and the rule it breaks. */
export interface BadField {
  field: string;
  rule: string;
}

const whole = (value: number, min: number, max: number): boolean =>
  Number.isSafeInteger(value) && value >= min && value <= max;

/** The position and identity of the cell: what the Cell answer is made of. */
function placeProblem(cell: SourcedCell, question: Asked): BadField | undefined {
  if (!Number.isFinite(cell.lat) || Math.abs(cell.lat) > 90) {
    return { field: 'lat', rule: 'must be a decimal number from -90 to 90' };
  }
  if (!Number.isFinite(cell.lon) || Math.abs(cell.lon) > 180) {
    return { field: 'lon', rule: 'must be a decimal number from -180 to 180' };
  }
  if (!whole(cell.lac, 0, MAX_LAC))
    return { field: 'lac', rule: `must be a whole number from 0 to ${MAX_LAC}` };
  if (question.lac !== undefined && cell.lac !== question.lac) {
    return { field: 'lac', rule: `must be the LAC asked for (${question.lac})` };
  }
  if (cell.radio !== undefined && !KNOWN_RADIOS.has(cell.radio)) {
    return { field: 'radio', rule: `must be one of ${[...KNOWN_RADIOS].join(', ')}` };
  }
  if (question.radio !== undefined && cell.radio !== undefined && cell.radio !== question.radio) {
    return { field: 'radio', rule: `must be the radio asked for (${question.radio})` };
  }
  if (cell.name !== undefined && (cell.name.length > MAX_NAME_LENGTH || !isStorable(cell.name))) {
    return {
      field: 'name',
      rule: `must be at most ${MAX_NAME_LENGTH} characters, none of them a control character`,
    };
  }
  return undefined;
}

/** What the source knows beyond the Cell answer's fields (kept, and sent as headers). */
function factProblem(cell: SourcedCell, nowSeconds: number): BadField | undefined {
  const metres = (value: number | undefined): boolean =>
    value === undefined || (Number.isFinite(value) && value >= 0 && value <= MAX_METERS);
  if (!metres(cell.rangeMeters)) return { field: 'range', rule: `must be from 0 to ${MAX_METERS} metres` };
  if (!metres(cell.accuracyMeters)) {
    return { field: 'accuracy', rule: `must be from 0 to ${MAX_METERS} metres` };
  }
  if (cell.samples !== undefined && !whole(cell.samples, 0, Number.MAX_SAFE_INTEGER)) {
    return { field: 'samples', rule: 'must be a whole number of 0 or more' };
  }
  if (cell.updated !== undefined && !whole(cell.updated, 0, nowSeconds + CLOCK_SKEW_SECONDS)) {
    return { field: 'updated', rule: 'must be a time in Unix seconds, not later than now' };
  }
  return undefined;
}

/**
 * Checks a cell as a source gave it (or as it was kept) before it is used or kept: the rules the codec applies to
 * the document's fields (lat, lon, a LAC of at most 32 bits), the LAC and radio asked, and ranges for the
 * facts (range, accuracy, samples, updated). The first field that breaks a rule, or undefined.
 */
export function badField(cell: SourcedCell, asked: Asked, nowSeconds: number): BadField | undefined {
  return placeProblem(cell, asked) ?? factProblem(cell, nowSeconds);
}
