import { memo, useId, useMemo, useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { COLUMNS, cellText, sortRows, type Column, type Sort } from './batch-columns';
import { BatchPager } from './batch-pager';
import { isFailure, resultText } from './reasons';
import type { BatchPhase, BatchRow } from './batch-run';

export const PAGE_SIZE = 100;

export interface BatchTableProps {
  rows: readonly BatchRow[];
  phase: BatchPhase;
}

export function BatchTable({ rows, phase }: BatchTableProps) {
  const { t, formatNumber } = useI18n();
  const [sort, setSort] = useState<Sort>({ column: 'line', direction: 'ascending' });
  const [failuresOnly, setFailuresOnly] = useState(false);
  const [page, setPage] = useState(0);
  const filterId = useId();
  const sorted = useMemo(
    () => sortRows(rows, sort, failuresOnly, phase, t),
    [rows, failuresOnly, sort, phase, t],
  );
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
          <SortHeader sort={sort} onSort={sortBy} />
          <tbody>
            {visible.map((row) => (
              <ResultRow key={row.index} row={row} phase={phase} />
            ))}
          </tbody>
        </table>
      </div>
      {visible.length === 0 && <p className="muted">{t('batch.noRows')}</p>}
      {pages > 1 && <BatchPager page={current} pages={pages} onPage={setPage} />}
    </div>
  );
}

function SortHeader({ sort, onSort }: { sort: Sort; onSort(column: Column): void }) {
  const { t } = useI18n();
  return (
    <thead>
      <tr>
        {COLUMNS.map((column) => {
          const active = sort.column === column.key;
          return (
            <th key={column.key} scope="col" aria-sort={active ? sort.direction : 'none'}>
              <button
                type="button"
                className="sort-button"
                onClick={() => onSort(column.key)}
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
  );
}

/**
 * One row, rendered again only when it was answered, or the phase or the language changed: a running batch renders
 * the table every RENDER_EVERY_MS, and most of the rows shown have not changed since (a snapshot keeps them).
 */
const ResultRow = memo(function ResultRow({ row, phase }: { row: BatchRow; phase: BatchPhase }) {
  const { t, formatDecimalText } = useI18n();
  const result = resultText(row, phase, t);
  return (
    <tr className={isFailure(row) ? 'batch-failed' : undefined}>
      {COLUMNS.map((column) => (
        <td key={column.key} className={column.numeric ? 'mono' : undefined}>
          {column.key === 'lat' || column.key === 'lon'
            ? formatDecimalText(cellText(row, column.key, result))
            : cellText(row, column.key, result)}
          {column.key === 'line' && row.entry.duplicates > 0 && (
            <span className="muted small"> {t('batch.repeated', { count: row.entry.duplicates + 1 })}</span>
          )}
        </td>
      ))}
    </tr>
  );
});
