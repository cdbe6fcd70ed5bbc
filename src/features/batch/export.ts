import type { Cell, CellId } from '../../api/types';

/** One row of a batch as exported: the cell asked for, and what came back or why nothing did. */
export interface ExportRow {
  line: number;
  id: CellId;
  /** 'found', or the failure's reason in words (e.g. "no such cell (HTTP 404)"), or 'not sent'. */
  status: string;
  cell?: Cell | undefined;
}

const CSV_COLUMNS = ['line', 'mcc', 'mnc', 'cellid', 'status', 'lac', 'lat', 'lon', 'name'] as const;
type CsvColumn = (typeof CSV_COLUMNS)[number];

/** Columns whose values are free text (an operator's name, a failure's reason); the rest hold numbers. */
const TEXT_COLUMNS: ReadonlySet<CsvColumn> = new Set(['status', 'name']);

/** A plain decimal (as the codec accepts lat and lon): a spreadsheet reads it as that number, sign or not. */
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * A spreadsheet runs a cell that starts with = + - @ as a formula, also after leading spaces, and some treat a
 * leading tab or carriage return as a formula start too; such text is written with a leading apostrophe, which
 * spreadsheets show as text.
 */
export function guardFormula(value: string): string {
  return /^[\t\r]|^\s*[=+\-@]/.test(value) ? `'${value}` : value;
}

/**
 * RFC 4180: a field with a comma, quote, CR or LF is quoted, quotes doubled. A number column's plain number
 * (`-33.868820`) is written as it is: the guard would turn it into text; anything else in it is guarded.
 */
export function csvField(value: string, kind: 'text' | 'number' = 'text'): string {
  const guarded = kind === 'number' && PLAIN_NUMBER.test(value) ? value : guardFormula(value);
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

function rowValues(row: ExportRow): Record<CsvColumn, string> {
  return {
    line: String(row.line),
    mcc: row.id.mcc,
    mnc: row.id.mnc,
    cellid: row.id.cellid,
    status: row.status,
    lac: row.cell?.lac ?? '',
    lat: row.cell?.lat ?? '',
    lon: row.cell?.lon ?? '',
    name: row.cell?.name ?? '',
  };
}

/** Every row, found or not, CRLF line ends as RFC 4180 has them. */
export function toCsv(rows: readonly ExportRow[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const row of rows) {
    const values = rowValues(row);
    lines.push(
      CSV_COLUMNS.map((column) =>
        csvField(values[column], TEXT_COLUMNS.has(column) ? 'text' : 'number'),
      ).join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

function found(rows: readonly ExportRow[]): Array<ExportRow & { cell: Cell }> {
  return rows.filter((row): row is ExportRow & { cell: Cell } => row.cell !== undefined);
}

/** RFC 7946 FeatureCollection of the found cells: [lon, lat] numbers, every field as text in properties. */
export function toGeoJson(rows: readonly ExportRow[]): string {
  const collection = {
    type: 'FeatureCollection',
    features: found(rows).map((row) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [row.cell.position.lon, row.cell.position.lat] },
      properties: {
        line: String(row.line),
        mcc: row.cell.mcc,
        mnc: row.cell.mnc,
        lac: row.cell.lac,
        cellid: row.cell.cellid,
        name: row.cell.name,
        lat: row.cell.lat,
        lon: row.cell.lon,
      },
    })),
  };
  return `${JSON.stringify(collection, null, 2)}\n`;
}

export function xmlEscape(value: string): string {
  return (
    value
      // Characters XML 1.0 does not allow at all are dropped rather than written as an invalid document; with
      // the u flag a surrogate pair is one character, so only a lone half matches the surrogate range.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/gu, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

/** KML 2.2 of the found cells: one Placemark each, the name escaped, coordinates lon,lat. */
export function toKml(rows: readonly ExportRow[], title = 'Cells'): string {
  const placemarks = found(rows).map((row) => {
    const c = row.cell;
    return [
      '    <Placemark>',
      `      <name>${xmlEscape(c.name)}</name>`,
      `      <description>${xmlEscape(`Cell ${c.mcc}/${c.mnc}/${c.cellid}, LAC ${c.lac}`)}</description>`,
      '      <ExtendedData>',
      ...(['mcc', 'mnc', 'lac', 'cellid'] as const).map(
        (field) => `        <Data name="${field}"><value>${xmlEscape(c[field])}</value></Data>`,
      ),
      '      </ExtendedData>',
      `      <Point><coordinates>${c.position.lon},${c.position.lat}</coordinates></Point>`,
      '    </Placemark>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<kml xmlns="http://www.opengis.net/kml/2.2">',
    '  <Document>',
    `    <name>${xmlEscape(title)}</name>`,
    ...placemarks,
    '  </Document>',
    '</kml>',
    '',
  ].join('\n');
}

export type ExportFormat = 'csv' | 'geojson' | 'kml';

export const EXPORT_TYPES: Record<ExportFormat, { mime: string; extension: string }> = {
  csv: { mime: 'text/csv;charset=utf-8', extension: 'csv' },
  geojson: { mime: 'application/geo+json', extension: 'geojson' },
  kml: { mime: 'application/vnd.google-earth.kml+xml', extension: 'kml' },
};

export function exportText(format: ExportFormat, rows: readonly ExportRow[]): string {
  if (format === 'csv') return toCsv(rows);
  if (format === 'geojson') return toGeoJson(rows);
  return toKml(rows);
}

/** e.g. cells-2024-05-01-1432.csv, in local time. */
export function exportFileName(format: ExportFormat, at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}-${pad(at.getHours())}${pad(at.getMinutes())}`;
  return `cells-${stamp}.${EXPORT_TYPES[format].extension}`;
}

/** Saves text as a file through a Blob and an object URL. */
export function download(text: string, format: ExportFormat, at = new Date()): void {
  // A byte order mark lets spreadsheets read a UTF-8 CSV as UTF-8 (names like Brändö).
  const blob = new Blob([format === 'csv' ? `\uFEFF${text}` : text], { type: EXPORT_TYPES[format].mime });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName(format, at);
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
