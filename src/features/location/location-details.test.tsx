// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DOCUMENTED_CELL } from '../../api/fixtures/documented-cell';
import type { Location } from '../../api/types';
import { LocationDetails } from './location-details';

const location: Location = { msisdn: '358401234567', cell: DOCUMENTED_CELL };

function valueOf(term: string): string | null | undefined {
  const dt = screen.getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent;
}

describe('LocationDetails', () => {
  afterEach(cleanup);

  it('shows the grouped number, the digits as sent, and every cell field; LAC 0 is a value', () => {
    render(<LocationDetails location={location} />);
    expect(screen.getByText('+358 40 123 4567')).toBeTruthy();
    expect(valueOf('MSISDN as sent')).toBe('358401234567');
    expect(valueOf('LAC')).toBe('0');
    expect(valueOf('Latitude')).toBe('60.316391');
    expect(valueOf('Cell ID')).toBe('10038');
    expect(valueOf('Cell name')).toBe('Brändö');
  });

  it('shows the state only when the answer has one', () => {
    render(<LocationDetails location={location} />);
    expect(screen.queryByText('State', { selector: 'dt' })).toBeNull();
    cleanup();
    render(<LocationDetails location={{ ...location, state: 'Idle' }} />);
    expect(valueOf('State')).toBe('Idle');
  });
});
