// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DOCUMENTED_CELL } from '../../api/fixtures/documented-cell';
import { testSession } from '../../testing/test-session';
import { history } from './history-storage';
import { HistoryPanel } from './history-panel';

describe('HistoryPanel', () => {
  beforeEach(() => {
    window.localStorage.clear();
    history.reset();
    window.history.replaceState(null, '', '/cell/244/91/400001');
  });
  afterEach(cleanup);

  it('shows an entry again under the address of its cell', () => {
    const { session, wrapper } = testSession();
    history.add({ kind: 'cell', cell: DOCUMENTED_CELL }, 1);
    render(<HistoryPanel />, { wrapper });
    fireEvent.click(screen.getByRole('button', { name: /^Cell 244\/91\/10038 Brändö/ }));
    expect(window.location.pathname).toBe('/cell/244/91/10038');
    expect(session.focus.get().shown?.entry).toMatchObject({ cell: DOCUMENTED_CELL, at: 1 });
  });

  it('a location entry is named by its cell too', () => {
    const { wrapper } = testSession();
    history.add(
      { kind: 'location', cell: { ...DOCUMENTED_CELL, cellid: '400101' }, msisdn: '358401234567' },
      1,
    );
    render(<HistoryPanel />, { wrapper });
    fireEvent.click(screen.getByRole('button', { name: /^My phone Brändö/ }));
    expect(window.location.pathname).toBe('/cell/244/91/400101');
  });

  it('removing the shown entry ends showing it', () => {
    const { session, wrapper } = testSession();
    history.add({ kind: 'cell', cell: DOCUMENTED_CELL }, 1);
    render(<HistoryPanel />, { wrapper });
    fireEvent.click(screen.getByRole('button', { name: /^Cell 244\/91\/10038/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Remove/ }));
    expect(screen.getByText('Answers you get will be listed here.')).toBeTruthy();
    expect(session.focus.get().shown?.entry).toBeNull();
  });
});
