// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CellForm } from './cell-form';

function setup() {
  const onLookup = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <CellForm routeKey="empty" onLookup={onLookup} />
    </QueryClientProvider>,
  );
  const fill = (mcc: string, mnc: string, cellid: string) => {
    fireEvent.change(screen.getByLabelText('MCC'), { target: { value: mcc } });
    fireEvent.change(screen.getByLabelText('MNC'), { target: { value: mnc } });
    fireEvent.change(screen.getByLabelText('Cell ID'), { target: { value: cellid } });
    fireEvent.click(screen.getByRole('button', { name: 'Look up cell' }));
  };
  return { onLookup, fill, queryClient };
}

describe('CellForm', () => {
  afterEach(cleanup);

  it('sends valid values as typed: MNC "05" stays "05"', () => {
    const { onLookup, fill } = setup();
    fill(' 244 ', '05', '10038');
    expect(onLookup).toHaveBeenCalledWith({ mcc: '244', mnc: '05', cellid: '10038' }, {});
  });

  it('sends the LAC and the radio when given, and "Any" as no radio', () => {
    const { onLookup, fill } = setup();
    fireEvent.change(screen.getByLabelText('LAC'), { target: { value: ' 6001 ' } });
    fireEvent.change(screen.getByLabelText('Radio'), { target: { value: 'UMTS' } });
    fill('244', '91', '20500001');
    expect(onLookup).toHaveBeenLastCalledWith(
      { mcc: '244', mnc: '91', cellid: '20500001' },
      { lac: '6001', radio: 'UMTS' },
    );
    fireEvent.change(screen.getByLabelText('Radio'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Look up cell' }));
    expect(onLookup).toHaveBeenLastCalledWith({ mcc: '244', mnc: '91', cellid: '20500001' }, { lac: '6001' });
    expect(screen.getByRole('combobox', { name: 'Radio' }).textContent).toBe('AnyGSMUMTSLTENR');
  });

  it('names a LAC that is not digits beside it, and sends nothing', () => {
    const { onLookup, fill } = setup();
    fireEvent.change(screen.getByLabelText('LAC'), { target: { value: '0x10' } });
    fill('244', '91', '1');
    expect(onLookup).not.toHaveBeenCalled();
    const lac = screen.getByLabelText('LAC');
    expect(lac.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(lac);
    expect(screen.getByText('LAC must be a whole number from 0 to 4294967295, digits only.')).toBeTruthy();
  });

  it('names the wrong field beside it and sends nothing', () => {
    const { onLookup, fill, queryClient } = setup();
    fill('24', '91', '12x');
    expect(onLookup).not.toHaveBeenCalled();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);

    const mcc = screen.getByLabelText('MCC');
    expect(mcc.getAttribute('aria-invalid')).toBe('true');
    const mccError = document.getElementById(mcc.getAttribute('aria-describedby') ?? '');
    expect(mccError?.textContent).toMatch(/MCC has exactly three digits/);
    expect(document.activeElement).toBe(mcc);

    const cellid = screen.getByLabelText('Cell ID');
    expect(
      document.getElementById(cellid.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent,
    ).toMatch(/Cell ID must be a whole number/);
    expect(screen.getByLabelText('MNC').getAttribute('aria-invalid')).toBeNull();
  });

  it('reads full-width digits and a digit group with a space as the digits they are', () => {
    const { onLookup, fill } = setup();
    fireEvent.change(screen.getByLabelText('LAC'), { target: { value: '６ ００１' } });
    fill('２４４', '９１', '10 038');
    expect(onLookup).toHaveBeenCalledWith({ mcc: '244', mnc: '91', cellid: '10038' }, { lac: '6001' });
  });

  it('refuses a cell id above 2^36−1', () => {
    const { onLookup, fill } = setup();
    fill('244', '91', String(2 ** 36));
    expect(onLookup).not.toHaveBeenCalled();
    expect(screen.getByText(/Cell ID must be from 0 to/)).toBeTruthy();
  });

  it('clears the messages once the values are right', () => {
    const { onLookup, fill } = setup();
    fill('', '', '');
    expect(screen.getAllByText(/is required/)).toHaveLength(3);
    fill('244', '91', '10038');
    expect(screen.queryByText(/is required/)).toBeNull();
    expect(onLookup).toHaveBeenCalledTimes(1);
  });
});
