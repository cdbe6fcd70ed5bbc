// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DOCUMENTED_CELL } from '../../api/fixtures/documented-cell';
import { I18nProvider } from '../../i18n/i18n';
import { BatchTable } from './batch-table';
import type { BatchRow } from './batch-run';

function rowsOf(count: number): BatchRow[] {
  return Array.from({ length: count }, (_, index) => ({
    index,
    entry: { line: index + 1, id: { mcc: '244', mnc: '91', cellid: String(10_000 + index) }, duplicates: 0 },
  }));
}

const bodyRows = () => within(screen.getAllByRole('rowgroup')[1] as HTMLElement).getAllByRole('row');

describe('BatchTable', () => {
  afterEach(cleanup);

  it('shows an answer that came in, in the next snapshot of the rows', () => {
    const rows = rowsOf(3);
    const { rerender } = render(
      <I18nProvider locale="en">
        <BatchTable rows={rows} phase="running" />
      </I18nProvider>,
    );
    expect(bodyRows().map((row) => row.textContent)).toEqual([
      expect.stringContaining('Waiting'),
      expect.stringContaining('Waiting'),
      expect.stringContaining('Waiting'),
    ]);
    const next = rows.map((row): BatchRow =>
      row.index === 1
        ? { ...row, outcome: { ok: true, cell: { ...DOCUMENTED_CELL, cellid: '10001' } } }
        : row,
    );
    rerender(
      <I18nProvider locale="en">
        <BatchTable rows={next} phase="running" />
      </I18nProvider>,
    );
    const [first, shown, third] = bodyRows();
    expect(shown?.textContent).toContain('Found');
    expect(shown?.textContent).toContain(DOCUMENTED_CELL.name);
    expect(first?.textContent).toContain('Waiting');
    expect(third?.textContent).toContain('Waiting');
  });

  it('rows without an answer say so once the batch has ended', () => {
    const rows = rowsOf(2);
    const { rerender } = render(
      <I18nProvider locale="en">
        <BatchTable rows={rows} phase="running" />
      </I18nProvider>,
    );
    rerender(
      <I18nProvider locale="en">
        <BatchTable rows={rows} phase="cancelled" />
      </I18nProvider>,
    );
    for (const row of bodyRows()) expect(row.textContent).not.toContain('Waiting');
  });
});
