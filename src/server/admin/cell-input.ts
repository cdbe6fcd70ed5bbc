import { readFileSync } from 'node:fs';
import { checkCellId } from '../../api/cell-id';
import { UsageError } from './args';
import { checkStorable, StoreError, type CellKey, type CellRecord } from '../store/records';

/* Cells as the admin commands take them: one cell's arguments (add-cell, set-cell) or a CSV file (add-cells),
   checked whole before the database is opened. */

export function cellKey(mcc: string, mnc: string, cellid: string): CellKey {
  const check = checkCellId({ mcc, mnc, cellid }, { mode: 'path' });
  if (!check.ok) {
    const [field, message] = Object.entries(check.errors)[0] ?? ['cellid', 'is not valid'];
    throw new UsageError(`${field.toUpperCase()}: ${message}`);
  }
  return { mcc: Number(mcc), mnc: Number(mnc), cellid: Number(cellid) };
}

const DECIMAL = /^[+-]?\d{1,3}(?:\.\d{1,15})?$/;

export function cellRecord(fields: readonly string[]): CellRecord {
  const [mcc = '', mnc = '', cellid = '', lac = '', lat = '', lon = '', name = ''] = fields.map((f) =>
    f.trim(),
  );
  const key = cellKey(mcc, mnc, cellid);
  if (!/^\d{1,10}$/.test(lac) || Number(lac) > 2 ** 32 - 1) throw new UsageError('LAC must be 0–4294967295');
  if (!DECIMAL.test(lat) || Math.abs(Number(lat)) > 90)
    throw new UsageError('LAT must be a decimal from -90 to 90');
  if (!DECIMAL.test(lon) || Math.abs(Number(lon)) > 180)
    throw new UsageError('LON must be a decimal from -180 to 180');
  if (name === '' || name.length > 200) throw new UsageError('NAME must be 1–200 characters');
  try {
    checkStorable(name, 'NAME');
  } catch (error) {
    if (error instanceof StoreError) throw new UsageError(error.message);
    throw error;
  }
  return { ...key, lac: Number(lac), lat: Number(lat), lon: Number(lon), name };
}

/** One CSV line: the first six fields are numbers; the name is the rest (it may hold commas, or be quoted). */
function csvFields(line: string): string[] {
  const parts = line.split(',');
  const head = parts.slice(0, 6);
  let name = parts.slice(6).join(',').trim();
  if (name.length >= 2 && name.startsWith('"') && name.endsWith('"'))
    name = name.slice(1, -1).replace(/""/g, '"');
  return [...head, name];
}

export function readCsv(file: string): CellRecord[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  const cells: CellRecord[] = [];
  text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .forEach((line, index) => {
      if (line.trim() === '' || (index === 0 && /^\s*mcc\s*,/i.test(line))) return;
      try {
        cells.push(cellRecord(csvFields(line)));
      } catch (error) {
        throw new UsageError(`${file} line ${index + 1}: ${(error as Error).message}`);
      }
    });
  return cells;
}
