import { readLac, readRadio } from './cell-facts';
import { checkCellId, typedDigits, type CellIdProblem } from './cell-id';
import type { CellHints, CellId } from './types';

/** The values of a lookup, as the form's fields or a link hold them: a cell's three, and LAC and radio. */
export interface LookupValues {
  mcc: string;
  mnc: string;
  cellid: string;
  lac?: string | undefined;
  radio?: string | undefined;
}

export type LookupField = keyof Required<LookupValues>;

/** What is wrong with one value of a lookup, as a code the UI puts in words of its language. */
export type LookupProblem =
  CellIdProblem | { field: 'lac'; code: 'lac-range' } | { field: 'radio'; code: 'radio-unknown' };

export type LookupCheck =
  | { ok: true; id: CellId; hints: CellHints }
  | { ok: false; problems: Partial<Record<LookupField, LookupProblem>> };

const HEX = /^0x[0-9a-f]+$/i;

/**
 * A Cell ID as typed, decimal or `0x` hexadecimal, as the decimal text the API takes. Anything else is returned
 * as typedDigits reads it, for the check to name what is wrong.
 */
export function cellIdToDecimal(text: string): string {
  const trimmed = typedDigits(text);
  if (!HEX.test(trimmed)) return trimmed;
  // Past 13 hex digits the value is beyond 2^36−1 anyway; kept long so the range check says so.
  return BigInt(trimmed).toString(10);
}

/**
 * The one set of rules for a lookup, whether typed in the form or given by a link (numbers as typedDigits reads
 * them: ２４４ is 244, "10 038" is 10038): MCC three digits, MNC one to
 * three (kept as typed: "05" stays "05"), a Cell ID in decimal or `0x` hexadecimal (sent in decimal), a LAC of
 * digits up to 2^32−1, a radio the lookup takes in any letter case (sent as GSM, UMTS, LTE or NR). Empty LAC and
 * radio are none. What passes is what is sent and linked.
 */
export function checkLookup(values: LookupValues): LookupCheck {
  const cell = checkCellId({ ...values, cellid: cellIdToDecimal(values.cellid) }, { mode: 'form' });
  const problems: Partial<Record<LookupField, LookupProblem>> = cell.ok ? {} : { ...cell.problems };
  const lac = typedDigits(values.lac ?? '');
  const radioText = values.radio?.trim() ?? '';
  if (lac !== '' && !readLac(lac).ok) problems.lac = { field: 'lac', code: 'lac-range' };
  const radio = radioText === '' ? undefined : readRadio(radioText);
  if (radio !== undefined && !radio.ok) problems.radio = { field: 'radio', code: 'radio-unknown' };
  if (!cell.ok || Object.keys(problems).length > 0) return { ok: false, problems };
  const hints: CellHints = {
    ...(lac !== '' && { lac }),
    ...(radio?.ok === true && { radio: radio.value }),
  };
  return { ok: true, id: cell.value, hints };
}
