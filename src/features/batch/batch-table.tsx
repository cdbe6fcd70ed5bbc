import { useId, useMemo, useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/en';
import { isFailure, resultText } from './reasons';
import type { BatchPhase, BatchRow } from './use-batch';

export const PAGE_SIZE = 100;

type Column = 'line' | 'mcc' | 'mnc' | 'cellid' | 'result' | 'name' | 'lat' | 'lon' | 'lac';
type Direction = 'ascending' | 'descending';

const COLUMNS: ReadonlyArray<{ key: Column; label: MessageKey; numeric: boolean }> = [
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

function text(row: BatchRow, column: Column, result: string): string {
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

export interface BatchTableProps {
  rows: readonly BatchRow[];
  phase: BatchPhase;
  /** Changes whenever rows changed in place. */
  version: number;
}

/** The results, 100 rows a page, sortable by any column, optionally failures only. */
export function BatchTable({ rows, phase, version }: BatchTableProps) {
  const { t, formatNumber } = useI18n();
  const [sort, setSort] = useState<{ column: Column; direction: Direction }>({
    column: 'line',
    direction: 'ascending',
  });
  const [failuresOnly, setFailuresOnly] = useState(false);
  const [page, setPage] = useState(0);
  const filterId = useId();

  const sorted = useMemo(() => {
    void version;
    const shown = failuresOnly ? rows.filter(isFailure) : rows;
    const { column, direction } = sort;
    // Rows come in line order: the default view needs no sorting (it re-renders often while a batch runs).
    if (column === 'line' && direction === 'ascending') return shown;
    const numeric = COLUMNS.find((c) => c.key === column)?.numeric ?? false;
    const keyed = shown.map((row) => ({ row, value: text(row, column, resultText(row, phase, t)) }));
    const sign = direction === 'ascending' ? 1 : -1;
    keyed.sort((a, b) => {
      // Empty values (not found yet) go last in either direction.
      if (a.value === '' || b.value === '')
        return a.value === b.value ? a.row.index - b.row.index : a.value === '' ? 1 : -1;
      const order = numeric ? Number(a.value) - Number(b.value) : a.value.localeCompare(b.value);
      return order === 0 ? a.row.index - b.row.index : sign * order;
    });
    return keyed.map((k) => k.row);
  }, [rows, version, failuresOnly, sort, phase, t]);

  const pages = Math.max(1, Math.ceil(sorted.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const from = current * PAGE_SIZE;
  const visible = sorted.slice(from, from + PAGE_SIZE);

  const sortBy = (column: Column) => {
    setSort((s) =>
      s.column === column
        ? { column, direction: s.direction === 'ascending' ? 'descending' : 'ascending' }
        : { column, direction: 'ascending' },
    );
    setPage(0);
  };

  return (
    <div className="batch-results">
      <div className="check-row">
        <label className="check" htmlFor={filterId}>
          <input
            id={filterId}
            type="checkbox"
            checked={failuresOnly}
            onChange={(e) => {
              setFailuresOnly(e.target.checked);
              setPage(0);
            }}
          />
          {t('batch.failuresOnly')}
        </label>
      </div>
      <div className="batch-table-wrap">
        <table className="batch-table">
          <caption className="visually-hidden">
            {t('batch.tableCaption', {
              from: sorted.length === 0 ? 0 : formatNumber(from + 1),
              to: formatNumber(from + visible.length),
              count: formatNumber(sorted.length),
            })}
          </caption>
          <thead>
            <tr>
              {COLUMNS.map((column) => {
                const active = sort.column === column.key;
                return (
                  <th key={column.key} scope="col" aria-sort={active ? sort.direction : 'none'}>
                    <button
                      type="button"
                      className="sort-button"
                      onClick={() => sortBy(column.key)}
                      title={t('batch.sortBy', { column: t(column.label) })}
                    >
                      {t(column.label)}
                      <span aria-hidden="true" className="sort-mark">
                        {active ? (sort.direction === 'ascending' ? '▲' : '▼') : ''}
                      </span>
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {visible.map((row) => {
              const result = resultText(row, phase, t);
              return (
                <tr key={row.index} className={isFailure(row) ? 'batch-failed' : undefined}>
                  {COLUMNS.map((column) => (
                    <td key={column.key} className={column.numeric ? 'mono' : undefined}>
                      {text(row, column.key, result)}
                      {column.key === 'line' && row.entry.duplicates > 0 && (
                        <span className="muted small">
                          {' '}
                          {t('batch.repeated', { count: row.entry.duplicates + 1 })}
                        </span>
                      )}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {visible.length === 0 && <p className="muted">{t('batch.noRows')}</p>}
      {pages > 1 && (
        <div className="button-row batch-pages">
          <button
            type="button"
            className="button secondary small"
            onClick={() => setPage(current - 1)}
            disabled={current === 0}
          >
            {t('batch.previous')}
          </button>
          <span>{t('batch.page', { page: formatNumber(current + 1), pages: formatNumber(pages) })}</span>
          <button
            type="button"
            className="button secondary small"
            onClick={() => setPage(current + 1)}
            disabled={current >= pages - 1}
          >
            {t('batch.next')}
          </button>
        </div>
      )}
    </div>
  );
}
