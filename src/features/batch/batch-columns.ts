import type { MessageKey } from '../../i18n/en';
import type { Translate } from '../../i18n/translate';
import { isFailure, resultText } from './reasons';
import type { BatchPhase, BatchRow } from './batch-run';

export type Column = 'line' | 'mcc' | 'mnc' | 'cellid' | 'result' | 'name' | 'lat' | 'lon' | 'lac';
export interface Sort {
  column: Column;
  direction: 'ascending' | 'descending';
}

export const COLUMNS: ReadonlyArray<{ key: Column; label: MessageKey; numeric: boolean }> = [
  { key: 'line', label: 'batch.col.line', numeric: true },
  { key: 'mcc', label: 'batch.col.mcc', numeric: true },
  { key: 'mnc', label: 'batch.col.mnc', numeric: true },
  { key: 'cellid', label: 'batch.col.cellid', numeric: true },
  { key: 'result', label: 'batch.col.result', numeric: false },
  { key: 'name', label: 'batch.col.name', numeric: false },
  { key: 'lat', label: 'batch.col.lat', numeric: true },
  { key: 'lon', label: 'batch.col.lon', numeric: true },
  { key: 'lac', label: 'batch.col.lac', numeric: true },
];

export function cellText(row: BatchRow, column: Column, result: string): string {
  const cell = row.outcome?.ok ? row.outcome.cell : undefined;
  switch (column) {
    case 'line':
      return String(row.entry.line);
    case 'mcc':
    case 'mnc':
    case 'cellid':
      return row.entry.id[column];
    case 'result':
      return result;
    case 'name':
      return cell?.name ?? '';
    case 'lat':
    case 'lon':
      return cell?.[column] ?? '';
    case 'lac':
      return cell?.lac ?? row.entry.lac ?? '';
  }
}

/** The rows to show, in the chosen order; rows not answered yet go last in either direction. */
export function sortRows(
  rows: readonly BatchRow[],
  { column, direction }: Sort,
  failuresOnly: boolean,
  phase: BatchPhase,
  t: Translate,
): readonly BatchRow[] {
  const shown = failuresOnly ? rows.filter(isFailure) : rows;
  // Rows come in line order: the default view needs no sorting (it re-renders often while a batch runs).
  if (column === 'line' && direction === 'ascending') return shown;
  const numeric = COLUMNS.find((c) => c.key === column)?.numeric ?? false;
  const keyed = shown.map((row) => ({ row, value: cellText(row, column, resultText(row, phase, t)) }));
  const sign = direction === 'ascending' ? 1 : -1;
  keyed.sort((a, b) => {
    if (a.value === '' || b.value === '')
      return a.value === b.value ? a.row.index - b.row.index : a.value === '' ? 1 : -1;
    const order = numeric ? Number(a.value) - Number(b.value) : a.value.localeCompare(b.value);
    return order === 0 ? a.row.index - b.row.index : sign * order;
  });
  return keyed.map((k) => k.row);
}
