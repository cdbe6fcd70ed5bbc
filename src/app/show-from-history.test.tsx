// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DOCUMENTED_CELL } from '../api/fixtures/documented-cell';
import type { CellId, Keys } from '../api/types';
import { CellPanel } from '../features/cell/cell-panel';
import { history } from '../features/history/history-storage';
import { HistoryPanel } from '../features/history/history-panel';
import { NO_RAW } from '../testing/stand-ins';
import { testSession } from '../testing/test-session';

describe('an answer from the history, shown again', () => {
  beforeEach(() => {
    window.localStorage.clear();
    history.reset();
    window.history.replaceState(null, '', '/cell/244/91/400001');
  });
  afterEach(cleanup);

  it('shows an entry again under its own address, without a read', async () => {
    const getCell = vi.fn(async (_keys: Keys, id: CellId) => ({
      data: { ...DOCUMENTED_CELL, ...id, name: 'Helsinki Kamppi' },
      raw: NO_RAW,
    }));
    const { session, wrapper } = testSession({ getCell });
    session.keys.save({ serviceKey: 's', userKey: 'u' }, false);
    history.add({ kind: 'cell', cell: DOCUMENTED_CELL }, 1);
    render(
      <>
        <CellPanel />
        <HistoryPanel />
      </>,
      { wrapper },
    );
    await screen.findByText('Helsinki Kamppi', { selector: 'dd' });
    fireEvent.click(screen.getByRole('button', { name: /^Cell 244\/91\/10038 Brändö/ }));
    expect(window.location.pathname).toBe('/cell/244/91/10038');
    await screen.findByText(/Shown from history/);
    expect(screen.getByText('Brändö', { selector: 'dd' })).toBeTruthy();
    expect(getCell.mock.calls.map(([, id]) => id.cellid)).toEqual(['400001']);
  });
});
